// Arabic words for <elicit-form>, written right to left: `import
// "elicit-form/element/messages/ar"` registers them for cards whose nearest
// `lang` is `ar` (or `ar-EG`, …), which are then laid out right to left, and
// exports the table. Only a page that imports this module downloads it.
// Numbers stay in the digits the answers are typed in. Keys: MESSAGES in
// element.js.

const ar = Object.freeze({
  lang: "ar",
  dir: "rtl",
  title: "أسئلة من خادم MCP {server}",
  summary: "لدى {server} أسئلة لك قبل تشغيل {tool}",
  fingerprint: "بصمة ما يُعرض: {fingerprint}",
  announceForm: "أسئلة جديدة من {server}",
  announceRefusal: "رُفض طلب من {server}، ولن تُطرح عليك أي أسئلة",
  submit: "إرسال",
  decline: "رفض",
  cancel: "إلغاء",
  yes: "نعم",
  no: "لا",
  defaultMark: "افتراضي",
  optional: "اختياري",
  defaultValue: "القيمة الافتراضية: {value}",
  hintSeparator: "؛ ",
  wholeNumber: "عدد صحيح",
  wholeNumberFromTo: "عدد صحيح من {min} إلى {max}",
  wholeNumberAtLeast: "عدد صحيح، {min} على الأقل",
  wholeNumberAtMost: "عدد صحيح، {max} على الأكثر",
  number: "عدد",
  numberFromTo: "عدد من {min} إلى {max}",
  numberAtLeast: "عدد، {min} على الأقل",
  numberAtMost: "عدد، {max} على الأكثر",
  charactersFromTo: "عدد الأحرف من {min} إلى {max}",
  charactersAtLeast: "عدد الأحرف {min} على الأقل",
  charactersAtMost: "عدد الأحرف {max} على الأكثر",
  charactersExactly: "عدد الأحرف {min} بالضبط",
  chooseFromTo: "اختر من {min} إلى {max}",
  chooseAtLeast: "اختر {min} على الأقل",
  chooseAtMost: "اختر {max} على الأكثر",
  chooseExactly: "اختر {min} بالضبط",
  email: "عنوان بريد إلكتروني",
  uri: "عنوان ويب كامل (https://…)",
  date: "تاريخ بالصيغة YYYY-MM-DD",
  dateTime: "تاريخ ووقت بالصيغة YYYY-MM-DDThh:mm:ssZ",
  format: "الصيغة: {format}",
  fieldError: "{title}: {problem}",
  needsAnswer: "الإجابة مطلوبة",
  chooseOne: "اختر خيارًا واحدًا",
  chooseOffered: "اختر أحد الخيارات المعروضة",
  chooseOnce: "اختر كل خيار مرة واحدة فقط",
  yesOrNo: "اختر {yes} أو {no}",
  answersUnchecked: "تعذّر التحقق من هذه الإجابات.",
  refusalTitle: "مرفوض: لن تُطرح أي أسئلة",
  refusalExplanation: "يخالف الطلب إحدى قواعد ملف التعريف {profile}: يفشل استدعاء الأداة ولن يُطرح أي سؤال.",
  refusedCredential: "لا يجمع {app} كلمات المرور أو المفاتيح عبر النماذج.",
  refusedOutOfProfile: "يطلب النموذج شيئًا لا يسمح به ملف التعريف {profile}.",
  refusedSchema: "لا يمكن عرض هذا النموذج.",
  refusedMessage: "رسالة الخادم أطول من أن تُعرض.",
  refusalField: "الحقل",
  credentialNote:
    "لا تُرسَل كلمات المرور والمفاتيح عبر نموذج أبدًا، لأنها ستبقى محفوظة في سجل المحادثة: يمكن للخادم أن يوجّهك إلى صفحة خاصة به لتُدخلها فيها.",
  thisApp: "هذا التطبيق",
  problemTitle: "لا يمكن عرض هذا الطلب",
});

// Registered where every copy of the element looks (one copy per entry).
(globalThis[Symbol.for("elicit-form.messages")] ??= {}).ar = ar;

export default ar;
