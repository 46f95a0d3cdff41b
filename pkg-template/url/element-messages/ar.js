// Arabic words for the URL-mode consent card (elicit-form/url/element),
// written right to left: `import "elicit-form/url/element/messages/ar"`
// registers them for cards whose nearest `lang` is `ar` (or `ar-EG`, …),
// which are then laid out right to left (the link itself stays left to
// right), and exports the table. Only a page that imports this module
// downloads it. Keys: URL_MESSAGES in url/element.js, and the element's keys
// the card shares (the same words as elicit-form/element/messages/ar).

const ar = Object.freeze({
  lang: "ar",
  dir: "rtl",
  urlTitle: "يطلب منك {server} فتح رابط",
  urlSite: "الموقع",
  urlHost: "المضيف",
  urlAddress: "يفتح",
  urlNote: "لا يُفتح شيء حتى تختار «فتح»؛ ويُفتح الرابط في علامة تبويب جديدة.",
  open: "فتح",
  urlWarnings: "قبل أن تفتحه",
  warningLookalikeHost: "قد يُظن الاسم اسمَ موقع آخر، لذا يُعرض كما يقرؤه المتصفح.",
  warningIpAddress: "يؤدي الرابط إلى عنوان رقمي، لا إلى موقع له اسم.",
  warningPlainHttp: "الرابط غير مشفّر (http عادي)، ويؤدي إلى برنامج على هذا الحاسوب.",
  warningTrailingDot: "ينتهي اسم المضيف بنقطة: الاسم نفسه، لكنه موقع آخر بالنسبة إلى المتصفح.",
  warningPublicSuffix: "المضيف لاحقة عامة تُسجَّل تحتها مواقع كثيرة لا علاقة بينها.",
  warningPort: "يذكر الرابط منفذًا غير معتاد.",
  announceUrl: "يطلب منك {server} فتح رابط",
  urlLoading: "جارٍ التحقق من الرابط…",
  urlRefusalTitle: "مرفوض: لا يُعرض هذا الرابط",
  urlRefusalExplanation: "يخالف الرابط قاعدة من قواعد الروابط التي يُطلب من الشخص فتحها: لا يُعرض شيء ولا يُفتح.",
  urlRefusedRequest: "لا يمكن عرض هذا الطلب.",
  urlRefusedLength: "الرابط أطول من أن يُعرض.",
  urlRefusedHidden: "يحتوي الرابط على أحرف مخفية أو غير مرئية.",
  urlRefusedAddress: "الرابط ليس عنوان ويب يستطيع المتصفح فتحه.",
  urlRefusedScheme: "الرابط ليس رابط صفحة ويب (https).",
  urlRefusedPlainHttp: "الرابط غير مشفّر (http عادي) ويؤدي إلى حاسوب آخر.",
  urlRefusedUserInfo: "في الرابط اسم قبل الموقع (نص قبل @)، مما يجعله يبدو رابطًا لموقع آخر.",
  urlRefusedHost: "اسم الموقع في الرابط ليس اسمًا صالحًا.",
  fingerprint: "بصمة ما يُعرض: {fingerprint}",
  announceRefusal: "رُفض طلب من {server}، ولن تُطرح عليك أي أسئلة",
  decline: "رفض",
  cancel: "إلغاء",
  refusedMessage: "رسالة الخادم أطول من أن تُعرض.",
});

// Registered where every copy of the URL card looks.
(globalThis[Symbol.for("elicit-form.url-messages")] ??= {}).ar = ar;

export default ar;
