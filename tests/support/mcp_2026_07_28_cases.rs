//! The cases the mcp-2026-07-28 vectors are recorded from
//! (`tests/data/mcp-2026-07-28-vectors.jsonl`): every refusal path of the
//! profile's schema check, each shape with every keyword it accepts, the
//! four formats, defaults that fit and that break their schema, bounds at and
//! one past their limits, and answers right and wrong in each way.
//!
//! Each case's `expect` is this crate's own answer through
//! `parse_requested_schema_with(&schema, Profile::Mcp20260728)`
//! (`vectors::actual`), recorded by
//! `RECORD_VECTORS=1 cargo test --test vectors`.
//! The vectors then hold those answers still: natively, in wasm, and in
//! every JS runtime.

use serde_json::{Value, json};

pub const PROFILE: &str = "mcp-2026-07-28";

/// The vectors, without `expect`, in the order they are written.
#[derive(Default)]
pub struct Cases(pub Vec<Value>);

fn object(properties: Value) -> Value {
    json!({"type": "object", "properties": properties})
}

fn one(definition: Value) -> Value {
    object(json!({"field": definition}))
}

fn required_one(definition: Value) -> Value {
    json!({"type": "object", "properties": {"field": definition}, "required": ["field"]})
}

fn text(answer: &str) -> Value {
    json!({"other_text": answer})
}

fn chosen(labels: &[&str]) -> Value {
    json!({"selected": labels})
}

fn field(answer: Value) -> Value {
    json!({"field": answer})
}

fn chars(count: usize, c: char) -> String {
    std::iter::repeat_n(c, count).collect()
}

/// `count` options `o1`, `o2`, ... labelled `Option 1`, ... as `oneOf`/`anyOf`
/// members.
fn titled(count: usize) -> Value {
    (1..=count)
        .map(|i| json!({"const": format!("o{i}"), "title": format!("Option {i}")}))
        .collect()
}

fn untitled(count: usize) -> Value {
    (1..=count).map(|i| json!(format!("o{i}"))).collect()
}

impl Cases {
    fn push(&mut self, op: &str, schema_text: String, mut fields: Value) {
        let schema: Value = serde_json::from_str(&schema_text).expect("a case's schema is JSON");
        let vector = fields.as_object_mut().expect("fields");
        vector.insert("op".into(), json!(op));
        vector.insert("profile".into(), json!(PROFILE));
        vector.insert("schema".into(), schema);
        vector.insert("schema_text".into(), json!(schema_text));
        self.0.push(fields);
    }

    fn parse(&mut self, schema: Value) {
        self.parse_as(schema, "billing");
    }

    fn parse_as(&mut self, schema: Value, server: &str) {
        self.push("parse", schema.to_string(), json!({"server": server}));
    }

    /// A schema as exact text: numbers such as `-0.0` and `1e2` as written.
    fn parse_text(&mut self, text: &str) {
        self.push("parse", text.to_string(), json!({"server": "billing"}));
    }

    fn content(&mut self, schema: &Value, answers: Value) {
        self.push("content", schema.to_string(), json!({"answers": answers}));
    }

    /// A schema parsed, then answered with each answer set.
    fn answered(&mut self, schema: Value, answer_sets: Vec<Value>) {
        for answers in answer_sets {
            self.content(&schema, answers);
        }
        self.parse(schema);
    }
}

/// Every case, in a fixed order.
pub fn all() -> Cases {
    let mut cases = Cases::default();
    top_level(&mut cases);
    names_and_annotations(&mut cases);
    texts(&mut cases);
    formats(&mut cases);
    numbers(&mut cases);
    booleans(&mut cases);
    single_selects(&mut cases);
    multi_selects(&mut cases);
    whole_forms(&mut cases);
    cases
}

fn top_level(cases: &mut Cases) {
    let plain = json!({"type": "string"});
    for text in ["[]", "\"form\"", "null", "1", "true"] {
        cases.parse_text(text);
    }
    for schema in [
        json!({"properties": {"a": plain}}),
        json!({"type": "array", "properties": {"a": plain}}),
        json!({"type": ["object"], "properties": {"a": plain}}),
        json!({"type": "object"}),
        json!({"type": "object", "properties": {}}),
        json!({"type": "object", "properties": []}),
        json!({"type": "object", "properties": "a"}),
        // The annotations the top level accepts, well and badly formed.
        json!({"type": "object", "properties": {"a": plain}, "$schema": "https://json-schema.org/draft/2020-12/schema",
               "title": "Order", "description": "What to buy", "$comment": "v2", "additionalProperties": false}),
        json!({"type": "object", "properties": {"a": plain}, "additionalProperties": true}),
        json!({"type": "object", "properties": {"a": plain}, "$schema": 7}),
        json!({"type": "object", "properties": {"a": plain}, "title": ["Order"]}),
        json!({"type": "object", "properties": {"a": plain}, "description": null}),
        json!({"type": "object", "properties": {"a": plain}, "$comment": {}}),
        json!({"type": "object", "properties": {"a": plain}, "additionalProperties": {"type": "string"}}),
        json!({"type": "object", "properties": {"a": plain}, "additionalProperties": "no"}),
        // Keywords the top level cannot enforce.
        json!({"type": "object", "properties": {"a": plain}, "$defs": {}}),
        json!({"type": "object", "properties": {"a": plain}, "allOf": []}),
        json!({"type": "object", "properties": {"a": plain}, "minProperties": 1}),
        json!({"type": "object", "properties": {"a": plain}, "patternProperties": {}}),
        json!({"type": "object", "properties": {"a": plain}, &chars(80, 'k'): 1}),
        // required: an array of distinct property names.
        json!({"type": "object", "properties": {"a": plain, "b": plain}, "required": []}),
        json!({"type": "object", "properties": {"a": plain, "b": plain}, "required": ["b", "a"]}),
        json!({"type": "object", "properties": {"a": plain}, "required": "a"}),
        json!({"type": "object", "properties": {"a": plain}, "required": [1]}),
        json!({"type": "object", "properties": {"a": plain}, "required": ["a", "a"]}),
        json!({"type": "object", "properties": {"a": plain}, "required": ["b"]}),
        json!({"type": "object", "properties": {"a": plain}, "required": [&chars(70, 'z')]}),
        json!({"type": "object", "properties": {"a": plain}, "required": null}),
    ] {
        cases.parse(schema);
    }
    // 16 properties at the bound, 17 one past it.
    for count in [16, 17] {
        let properties: serde_json::Map<String, Value> = (1..=count)
            .map(|i| (format!("p{i:02}"), json!({"type": "boolean"})))
            .collect();
        cases.parse(object(Value::Object(properties)));
    }
}

fn names_and_annotations(cases: &mut Cases) {
    let plain = || json!({"type": "string"});
    for name in [
        chars(64, 'n'),
        chars(65, 'n'),
        String::new(),
        "first name".into(),
        "naïve".into(),
        "a/b".into(),
        "a.b-c_D9".into(),
        "-._".into(),
    ] {
        cases.parse(object(json!({ name: plain() })));
    }
    // Definitions that are not objects.
    for definition in [
        json!(1),
        json!([]),
        json!(null),
        json!("string"),
        json!(true),
    ] {
        cases.parse(one(definition));
    }
    // Credentials, checked before the type and the keywords.
    for (name, definition) in [
        ("apiKey", json!({"type": "string"})),
        ("password", json!({"type": "integer"})),
        ("github_token", json!({"type": "array"})),
        ("client-secret", json!({"type": "string", "pattern": "x"})),
        ("code", json!({"type": "string", "format": "password"})),
        ("code", json!({"type": "string", "writeOnly": true})),
        ("code", json!({"type": "string", "title": "Your API key"})),
        (
            "code",
            json!({"type": "string", "title": "Access Token", "$ref": "#/x"}),
        ),
        ("tokenizer", json!({"type": "string"})),
        ("passwordless", json!({"type": "boolean"})),
        ("code", json!({"type": "string", "title": "Secret Santa"})),
    ] {
        cases.parse(object(json!({ name: definition })));
    }
    // Title and description: strings within their bounds.
    for definition in [
        json!({"type": "string", "title": chars(200, 't')}),
        json!({"type": "string", "title": chars(201, 't')}),
        json!({"type": "string", "title": chars(200, 'é')}),
        json!({"type": "string", "title": 5}),
        json!({"type": "string", "title": null}),
        json!({"type": "string", "description": chars(2000, 'd')}),
        json!({"type": "string", "description": chars(2001, 'd')}),
        json!({"type": "string", "description": ["no"]}),
        json!({"type": "string", "title": "", "description": ""}),
        json!({"type": "string", "title": "<b>Name</b>", "description": "Line\nbreak & \"quotes\""}),
    ] {
        cases.parse(one(definition));
    }
    // $ref, and the annotations every property may carry.
    for definition in [
        json!({"$ref": "#/$defs/name"}),
        json!({"type": "string", "$ref": "#/$defs/name"}),
        json!({"type": "string", "$comment": "internal", "examples": ["Ada"], "deprecated": false,
               "readOnly": false, "writeOnly": false}),
        json!({"type": "string", "deprecated": true, "readOnly": true}),
        json!({"type": "string", "deprecated": "yes"}),
        json!({"type": "string", "readOnly": 1}),
        json!({"type": "string", "writeOnly": "true"}),
        json!({"type": "string", "$comment": 1}),
        json!({"type": "string", "examples": "Ada"}),
        json!({"type": "string", "examples": []}),
    ] {
        cases.parse(one(definition));
    }
    // Types.
    for definition in [
        json!({}),
        json!({"title": "Untyped"}),
        json!({"type": ["string", "null"]}),
        json!({"type": 1}),
        json!({"type": "object", "properties": {}}),
        json!({"type": "null"}),
        json!({"type": "String"}),
        json!({"type": chars(100, 'x')}),
        json!({"type": "string", "enum": ["a"], "oneOf": [{"const": "a", "title": "A"}]}),
    ] {
        cases.parse(one(definition));
    }
    // Server names are only ever the header.
    let schema = one(json!({"type": "string", "title": "Name"}));
    for server in ["", "acme/billing", "日本", "<script>", "  spaced  "] {
        cases.parse_as(schema.clone(), server);
    }
}

fn texts(cases: &mut Cases) {
    for definition in [
        json!({"type": "string", "minLength": 0}),
        json!({"type": "string", "minLength": 1, "maxLength": 1}),
        json!({"type": "string", "minLength": 3, "maxLength": 2}),
        json!({"type": "string", "maxLength": 0}),
        json!({"type": "string", "minLength": -1}),
        json!({"type": "string", "minLength": 1.5}),
        json!({"type": "string", "maxLength": "5"}),
        json!({"type": "string", "maxLength": null}),
        json!({"type": "string", "minLength": 9_007_199_254_740_991_u64}),
        json!({"type": "string", "minLength": 9_007_199_254_740_992_u64}),
        json!({"type": "string", "maxLength": 1e300}),
        json!({"type": "string", "minLength": 2.0, "maxLength": 4.0}),
        // Keywords a text property cannot enforce.
        json!({"type": "string", "pattern": "^[a-z]+$"}),
        json!({"type": "string", "contentEncoding": "base64"}),
        json!({"type": "string", "const": "x"}),
        json!({"type": "string", "enumNames": ["A"]}),
        json!({"type": "string", "minimum": 1}),
        json!({"type": "string", "nullable": true}),
        // Defaults: within the lengths and 200 characters, or refused.
        json!({"type": "string", "default": "Ada"}),
        json!({"type": "string", "default": ""}),
        json!({"type": "string", "default": chars(200, 'a')}),
        json!({"type": "string", "default": chars(201, 'a')}),
        json!({"type": "string", "minLength": 4, "default": "Ada"}),
        json!({"type": "string", "maxLength": 2, "default": "Ada"}),
        json!({"type": "string", "minLength": 3, "maxLength": 3, "default": "Ada"}),
        json!({"type": "string", "maxLength": 1, "default": "é"}),
        json!({"type": "string", "default": 3}),
        json!({"type": "string", "default": null}),
        json!({"type": "string", "default": ["Ada"]}),
    ] {
        cases.parse(one(definition));
    }
    // Answers: trimmed, counted in Unicode scalars, within the lengths.
    cases.answered(
        required_one(
            json!({"type": "string", "title": "Nickname", "minLength": 2, "maxLength": 5}),
        ),
        vec![
            field(text("Ada")),
            field(text("  Ada \n")),
            field(text("Al")),
            field(text("A")),
            field(text("Adaline")),
            field(text("ééééé")),
            field(text("éééééé")),
            field(text("👩‍💻")),
            field(text("   ")),
            field(json!({"other_text": null})),
            field(json!({})),
            json!({}),
            json!({"other": text("Ada")}),
            field(json!({"selected": ["Ada"]})),
            field(json!({"selected": ["Ada"], "other_text": "Bo"})),
        ],
    );
    // Optional, without and with a default.
    cases.answered(
        one(json!({"type": "string", "title": "Note"})),
        vec![
            json!({}),
            field(text("")),
            field(text(" hi ")),
            field(text(&chars(2000, 'x'))),
        ],
    );
    cases.answered(
        one(json!({"type": "string", "title": "Name", "default": "John Doe", "maxLength": 10})),
        vec![
            json!({}),
            field(text(" ")),
            field(text("Jane")),
            field(text("Jane Q. Public")),
        ],
    );
    cases.answered(
        required_one(json!({"type": "string", "default": "x", "minLength": 1})),
        vec![json!({}), field(text("y"))],
    );
}

fn formats(cases: &mut Cases) {
    for format in [
        "email",
        "uri",
        "date",
        "date-time",
        "hostname",
        "uuid",
        "ipv4",
        "time",
        "Email",
        "",
    ] {
        cases.parse(one(json!({"type": "string", "format": format})));
    }
    for definition in [
        json!({"type": "string", "format": 5}),
        json!({"type": "string", "format": null}),
        json!({"type": "string", "format": chars(300, 'f')}),
        json!({"type": "string", "format": "email", "default": "ada@example.com"}),
        json!({"type": "string", "format": "email", "default": "ada"}),
        json!({"type": "string", "format": "uri", "default": "https://example.com/a?b#c"}),
        json!({"type": "string", "format": "uri", "default": "example.com"}),
        json!({"type": "string", "format": "date", "default": "2024-02-29"}),
        json!({"type": "string", "format": "date", "default": "2023-02-29"}),
        json!({"type": "string", "format": "date-time", "default": "2026-07-28T09:30:00Z"}),
        json!({"type": "string", "format": "date-time", "default": "2026-07-28 09:30:00Z"}),
        json!({"type": "string", "format": "email", "minLength": 30, "default": "ada@example.com"}),
    ] {
        cases.parse(one(definition));
    }
    let answers = |good: &[&str], bad: &[&str]| -> Vec<Value> {
        good.iter()
            .chain(bad)
            .map(|answer| field(text(answer)))
            .chain([json!({})])
            .collect()
    };
    cases.answered(
        required_one(json!({"type": "string", "format": "email", "title": "Email"})),
        answers(
            &[
                "ada@example.com",
                " ada.lovelace+forms@mail.example.org ",
                "a!#$%&'*+/=?^_`{|}~-@x.io",
                "x@a-b.c1.de",
            ],
            &[
                "ada",
                "ada@",
                "@example.com",
                "ada@example",
                "ada@@example.com",
                "ada.@example.com",
                ".ada@example.com",
                "a..b@example.com",
                "ada@-example.com",
                "ada@example.1com",
                "\"ada\"@example.com",
                "ada@[127.0.0.1]",
                "adä@example.com",
                "ada @example.com",
                &format!("{}@example.com", chars(65, 'a')),
            ],
        ),
    );
    cases.answered(
        required_one(json!({"type": "string", "format": "uri"})),
        answers(
            &[
                "https://example.com/page",
                "mailto:ada@example.com",
                "urn:isbn:0451450523",
                "file:///etc/hosts",
                "https://[2001:db8::1]:8080/x?q=1#frag",
                "http://example.com/%20a",
            ],
            &[
                "example.com",
                "/relative/path",
                "x:",
                "https://exa mple.com",
                "https://example.com/%zz",
                "https://例え.jp",
                "1http://x.y",
                "https://[v1.x]/",
                "http://example.com/\\",
            ],
        ),
    );
    cases.answered(
        required_one(json!({"type": "string", "format": "date"})),
        answers(
            &[
                "2026-07-28",
                "2024-02-29",
                "2000-02-29",
                "0000-01-01",
                "9999-12-31",
            ],
            &[
                "2023-02-29",
                "1900-02-29",
                "2026-13-01",
                "2026-00-10",
                "2026-04-31",
                "2026-7-28",
                "26-07-28",
                "2026/07/28",
                "2026-07-28T00:00:00Z",
                "10000-01-01",
            ],
        ),
    );
    cases.answered(
        required_one(json!({"type": "string", "format": "date-time"})),
        answers(
            &[
                "2026-07-28T09:30:00Z",
                "2026-07-28t09:30:00z",
                "2026-07-28T09:30:00.123456789+02:00",
                "2026-07-28T23:59:59-11:30",
                "0000-01-01T00:00:00Z",
            ],
            &[
                "2026-07-28 09:30:00Z",
                "2026-07-28T09:30Z",
                "2026-07-28T09:30:00",
                "2026-07-28T24:00:00Z",
                "2026-07-28T09:30:60Z",
                "2026-07-28T09:30:00.Z",
                "2026-07-28T09:30:00.1234567890Z",
                "2026-07-28T09:30:00+2:00",
                "2026-02-30T00:00:00Z",
                "0000-01-01T00:00:00+00:01",
            ],
        ),
    );
    // A format and lengths together: the lengths are checked first.
    cases.answered(
        required_one(json!({"type": "string", "format": "email", "minLength": 8, "maxLength": 16})),
        vec![
            field(text("a@b.co")),
            field(text("ada@example.com")),
            field(text("ada.lovelace@example.com")),
            field(text("not-an-email")),
        ],
    );
}

fn numbers(cases: &mut Cases) {
    for definition in [
        json!({"type": "number", "minimum": 0, "maximum": 1}),
        json!({"type": "number", "minimum": 1, "maximum": 1}),
        json!({"type": "number", "minimum": 2, "maximum": 1}),
        json!({"type": "number", "minimum": -1.5, "maximum": 2.25}),
        json!({"type": "number", "minimum": "0"}),
        json!({"type": "number", "maximum": null}),
        json!({"type": "number", "maximum": [1]}),
        json!({"type": "integer", "minimum": 0.5}),
        json!({"type": "integer", "maximum": 10.25}),
        json!({"type": "integer", "minimum": 1.0, "maximum": 3.0}),
        json!({"type": "integer", "minimum": 9_007_199_254_740_991_u64}),
        json!({"type": "integer", "minimum": 1e16}),
        json!({"type": "integer", "maximum": -1e16}),
        json!({"type": "number", "minimum": 1e16}),
        json!({"type": "integer", "minimum": 5, "maximum": 4}),
        // Keywords a number cannot enforce.
        json!({"type": "number", "exclusiveMinimum": 0}),
        json!({"type": "number", "exclusiveMaximum": 10}),
        json!({"type": "integer", "multipleOf": 5}),
        json!({"type": "integer", "enum": [1, 2]}),
        json!({"type": "number", "format": "float"}),
        json!({"type": "number", "minLength": 1}),
        // Defaults.
        json!({"type": "number", "default": 2.5}),
        json!({"type": "number", "minimum": 3, "default": 2.5}),
        json!({"type": "number", "maximum": 2, "default": 2.5}),
        json!({"type": "integer", "default": 2.5}),
        json!({"type": "integer", "default": 30}),
        json!({"type": "integer", "default": 1e16}),
        json!({"type": "integer", "default": 9_007_199_254_740_991_u64}),
        json!({"type": "integer", "default": -9_007_199_254_740_991_i64}),
        json!({"type": "number", "default": "30"}),
        json!({"type": "number", "default": null}),
        json!({"type": "integer", "minimum": 1, "maximum": 50, "default": 50}),
        json!({"type": "integer", "minimum": 1, "maximum": 50, "default": 51}),
    ] {
        cases.parse(one(definition));
    }
    cases.parse_text(r#"{"type": "object", "properties": {"n": {"type": "integer", "minimum": -0.0, "maximum": 1e2, "default": 1E1}}}"#);
    cases.parse_text(r#"{"type": "object", "properties": {"n": {"type": "number", "minimum": -0.0, "default": 0.1e1}}}"#);
    cases.parse_text(r#"{"type": "object", "properties": {"n": {"type": "number", "maximum": 1.7976931348623157e308, "minimum": -5e-324}}}"#);
    let numbers = |answers: &[&str]| -> Vec<Value> {
        answers
            .iter()
            .map(|answer| field(text(answer)))
            .chain([json!({})])
            .collect()
    };
    cases.answered(
        required_one(json!({"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50})),
        numbers(&[
            "12", " 12 ", "1", "50", "0", "51", "-3", "12.5", "12.0", "1e1", "+7", "0x10",
            "twelve", "1,000", "", "NaN", "inf", "-0", "۱۲", "12abc",
        ]),
    );
    cases.answered(
        required_one(json!({"type": "number", "title": "Ratio", "minimum": -1.5, "maximum": 2.25})),
        numbers(&[
            "0",
            "-1.5",
            "2.25",
            "2.2500001",
            "-1.6",
            "1e-3",
            "-0",
            "1E0",
            ".5",
            "5.",
            "1e400",
            "-1e400",
        ]),
    );
    cases.answered(
        required_one(json!({"type": "integer"})),
        numbers(&[
            "9007199254740991",
            "-9007199254740991",
            "9007199254740992",
            "-9007199254740993",
            "1e15",
            "1e16",
            "123456789012345678901234567890",
        ]),
    );
    cases.answered(
        one(json!({"type": "number", "default": 30})),
        vec![
            json!({}),
            field(text(" ")),
            field(text("31.5")),
            field(text("x")),
        ],
    );
    cases.answered(
        one(json!({"type": "integer", "minimum": 0})),
        vec![
            json!({}),
            field(text("0")),
            field(text("-1")),
            field(json!({"selected": ["3"]})),
        ],
    );
}

fn booleans(cases: &mut Cases) {
    for definition in [
        json!({"type": "boolean"}),
        json!({"type": "boolean", "default": true}),
        json!({"type": "boolean", "default": false}),
        json!({"type": "boolean", "default": "true"}),
        json!({"type": "boolean", "default": 1}),
        json!({"type": "boolean", "default": null}),
        json!({"type": "boolean", "enum": [true]}),
        json!({"type": "boolean", "const": true}),
        json!({"type": "boolean", "title": "Notify", "description": "Email me"}),
    ] {
        cases.parse(one(definition));
    }
    let yes_no = |extra: Vec<Value>| -> Vec<Value> {
        [
            json!({}),
            field(chosen(&["Yes"])),
            field(chosen(&["No"])),
            field(chosen(&[])),
            field(chosen(&["yes"])),
            field(chosen(&["true"])),
            field(chosen(&["Yes", "No"])),
            field(chosen(&["Yes", "Yes"])),
            field(text("Yes")),
            field(json!({"selected": ["No"], "other_text": "Yes"})),
        ]
        .into_iter()
        .chain(extra)
        .collect()
    };
    cases.answered(
        required_one(json!({"type": "boolean", "title": "Notify"})),
        yes_no(vec![]),
    );
    cases.answered(one(json!({"type": "boolean"})), yes_no(vec![]));
    cases.answered(
        required_one(json!({"type": "boolean", "default": false})),
        yes_no(vec![]),
    );
}

fn single_selects(cases: &mut Cases) {
    for definition in [
        json!({"type": "string", "enum": ["pro", "team"]}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro", "Team"]}),
        json!({"type": "string", "enum": "pro"}),
        json!({"type": "string", "enum": []}),
        json!({"type": "string", "enum": untitled(32)}),
        json!({"type": "string", "enum": untitled(33)}),
        json!({"type": "string", "enum": ["pro", 2]}),
        json!({"type": "string", "enum": ["pro", null]}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro"]}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": "Pro"}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro", 2]}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Same", "Same"]}),
        json!({"type": "string", "enum": ["pro", "pro"]}),
        json!({"type": "string", "enum": ["pro", "  "]}),
        json!({"type": "string", "enum": ["pro", ""]}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro", "\t"]}),
        json!({"type": "string", "enum": [chars(200, 'v')]}),
        json!({"type": "string", "enum": [chars(201, 'v')]}),
        json!({"type": "string", "enum": ["pro"], "enumNames": [chars(201, 'l')]}),
        json!({"type": "string", "enum": ["pro", "team"], "default": "team"}),
        json!({"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro", "Team"], "default": "Team"}),
        json!({"type": "string", "enum": ["pro", "team"], "default": 1}),
        json!({"type": "string", "enum": ["pro", "team"], "default": ["pro"]}),
        json!({"type": "string", "enum": ["pro"], "minLength": 1}),
        json!({"type": "string", "enum": ["pro"], "format": "email"}),
        // Titled: oneOf of {const, title}.
        json!({"type": "string", "oneOf": [{"const": "#f00", "title": "Red"}, {"const": "#00f", "title": "Blue"}]}),
        json!({"type": "string", "oneOf": titled(32)}),
        json!({"type": "string", "oneOf": titled(33)}),
        json!({"type": "string", "oneOf": []}),
        json!({"type": "string", "oneOf": {"const": "a", "title": "A"}}),
        json!({"type": "string", "oneOf": ["a"]}),
        json!({"type": "string", "oneOf": [{"const": "a"}]}),
        json!({"type": "string", "oneOf": [{"title": "A"}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A", "description": "x"}]}),
        json!({"type": "string", "oneOf": [{"const": 1, "title": "A"}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": null}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "a", "title": "B"}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "A"}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": " "}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "a"}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "A"}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "enumNames": ["A"]}),
        json!({"type": "string", "anyOf": [{"const": "a", "title": "A"}]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "title": "Pick", "description": "One"}),
    ] {
        cases.parse(one(definition));
    }
    let picks = |labels: &[&str]| -> Vec<Value> {
        labels
            .iter()
            .map(|label| field(chosen(&[label])))
            .chain([
                json!({}),
                field(chosen(&[])),
                field(text("Team")),
                field(chosen(&["Pro", "Team"])),
                field(chosen(&["Pro", "Pro"])),
            ])
            .collect()
    };
    cases.answered(
        required_one(json!({"type": "string", "title": "Plan", "enum": ["pro", "team"], "enumNames": ["Pro", "Team"]})),
        picks(&["Pro", "Team", "pro", "team", "Enterprise", " Pro"]),
    );
    cases.answered(
        required_one(json!({"type": "string", "enum": ["pro", "team"]})),
        picks(&["pro", "team", "Pro"]),
    );
    cases.answered(
        one(json!({"type": "string", "oneOf": [{"const": "pro", "title": "Pro"}, {"const": "team", "title": "Team"}],
                   "default": "team"})),
        picks(&["Pro", "Team", "team"]),
    );
    cases.answered(
        one(json!({"type": "string", "oneOf": [{"const": "pro", "title": "Pro"}, {"const": "team", "title": "Team"}]})),
        picks(&["Pro"]),
    );
}

fn multi_selects(cases: &mut Cases) {
    let colors = || {
        json!({"anyOf": [{"const": "#f00", "title": "Red"}, {"const": "#0f0", "title": "Green"},
                                     {"const": "#00f", "title": "Blue"}]})
    };
    for definition in [
        json!({"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}}),
        json!({"type": "array", "items": colors()}),
        json!({"type": "array", "items": {"type": "string", "anyOf": [{"const": "a", "title": "A"}]}}),
        json!({"type": "array"}),
        json!({"type": "array", "items": []}),
        json!({"type": "array", "items": "string"}),
        json!({"type": "array", "items": {"type": "string"}}),
        json!({"type": "array", "items": {"type": "string", "enum": ["a"], "anyOf": [{"const": "a", "title": "A"}]}}),
        json!({"type": "array", "items": {"type": "number", "enum": ["a"]}}),
        json!({"type": "array", "items": {"type": 1, "enum": ["a"]}}),
        json!({"type": "array", "items": {"enum": ["a"], "minLength": 1}}),
        json!({"type": "array", "items": {"enum": ["a"], "enumNames": ["A"]}}),
        json!({"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}}),
        json!({"type": "array", "items": {"enum": ["a"], "title": "Letter", "description": "One", "$comment": "c"}}),
        json!({"type": "array", "items": {"enum": ["a"], "title": 1}}),
        json!({"type": "array", "items": {"enum": ["a"], "description": []}}),
        json!({"type": "array", "items": {"enum": ["a"], "$comment": null}}),
        json!({"type": "array", "items": {"enum": untitled(32)}}),
        json!({"type": "array", "items": {"enum": untitled(33)}}),
        json!({"type": "array", "items": {"anyOf": titled(33)}}),
        json!({"type": "array", "items": {"enum": []}}),
        json!({"type": "array", "items": {"enum": ["a", "a"]}}),
        json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "A"}]}}),
        json!({"type": "array", "items": {"anyOf": [{"const": "a"}]}}),
        json!({"type": "array", "items": {"enum": ["a"]}, "uniqueItems": true}),
        json!({"type": "array", "items": {"enum": ["a"]}, "uniqueItems": "yes"}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 1, "maxItems": 2}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 2}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 3}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 0}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 5}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 2, "maxItems": 1}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": -1}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 1.5}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 0}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "contains": {"const": "a"}}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "prefixItems": []}),
        json!({"type": "array", "items": {"enum": ["a", "b"]}, "additionalItems": false}),
        // Defaults: option values, each once, within the item counts; kept in option order.
        json!({"type": "array", "items": colors(), "default": ["#00f", "#f00"]}),
        json!({"type": "array", "items": colors(), "default": []}),
        json!({"type": "array", "items": colors(), "default": ["Red"]}),
        json!({"type": "array", "items": colors(), "default": ["#f00", "#f00"]}),
        json!({"type": "array", "items": colors(), "default": "#f00"}),
        json!({"type": "array", "items": colors(), "default": [1]}),
        json!({"type": "array", "items": colors(), "minItems": 2, "default": ["#f00"]}),
        json!({"type": "array", "items": colors(), "maxItems": 1, "default": ["#f00", "#00f"]}),
        json!({"type": "array", "items": colors(), "minItems": 1, "default": []}),
    ] {
        cases.parse(one(definition));
    }
    let selections = |sets: &[&[&str]]| -> Vec<Value> {
        sets.iter()
            .map(|labels| field(chosen(labels)))
            .chain([json!({}), field(text("Red"))])
            .collect()
    };
    cases.answered(
        required_one(json!({"type": "array", "title": "Colors", "items": colors(), "minItems": 1, "maxItems": 2})),
        selections(&[&["Red"], &["Blue", "Red"], &["Red", "Green", "Blue"], &[], &["red"], &["#f00"],
                     &["Red", "Red"], &["Purple"], &["Green", "Blue"]]),
    );
    cases.answered(
        one(json!({"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}})),
        selections(&[&[], &["a"], &["c", "a"], &["a", "b", "c"], &["d"], &["A"]]),
    );
    cases.answered(
        one(json!({"type": "array", "items": colors(), "default": ["#0f0"]})),
        selections(&[&[], &["Blue"], &["Blue", "Green"]]),
    );
    cases.answered(
        required_one(
            json!({"type": "array", "items": colors(), "minItems": 1, "default": ["#0f0"]}),
        ),
        selections(&[&[], &["Blue"]]),
    );
    cases.answered(
        required_one(json!({"type": "array", "items": {"enum": ["a", "b"]}})),
        selections(&[&[], &["b"]]),
    );
    cases.answered(
        required_one(json!({"type": "array", "items": colors(), "minItems": 2})),
        selections(&[&["Red"], &["Red", "Blue"], &["Red", "Green", "Blue"]]),
    );
}

/// Forms with every shape at once: the order of checks across properties,
/// and answers right and wrong in each.
fn whole_forms(cases: &mut Cases) {
    let billing = json!({
        "type": "object",
        "properties": {
            "plan": {"type": "string", "title": "Plan", "description": "Which plan to buy",
                     "oneOf": [{"const": "pro", "title": "Pro"}, {"const": "team", "title": "Team"}]},
            "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50, "default": 5},
            "notify": {"type": "boolean", "title": "Notify", "default": true},
            "email": {"type": "string", "title": "Email", "format": "email"},
            "start": {"type": "string", "format": "date", "title": "Start"},
            "addons": {"type": "array", "title": "Add-ons", "maxItems": 2,
                       "items": {"enum": ["sso", "audit", "support"]}},
            "note": {"type": "string", "maxLength": 140}
        },
        "required": ["plan", "seats", "email"]
    });
    cases.answered(
        billing.clone(),
        vec![
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com")}),
            json!({"plan": chosen(&["Team"]), "seats": text("12"), "notify": chosen(&["No"]),
                   "email": text(" ada@example.com "), "start": text("2026-07-28"),
                   "addons": chosen(&["support", "sso"]), "note": text("Thanks")}),
            json!({"plan": chosen(&["Team"])}),
            json!({"email": text("ada@example.com")}),
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com"), "seats": text("51")}),
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com"), "addons": chosen(&["sso", "audit", "support"])}),
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com"), "start": text("2026-02-30")}),
            json!({"plan": chosen(&["Team"]), "email": text("ada"), "seats": text("x")}),
            json!({"plan": chosen(&["team"]), "email": text("ada@example.com")}),
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com"), "note": text(&chars(141, 'n'))}),
            json!({"plan": chosen(&["Team"]), "email": text("ada@example.com"), "notify": chosen(&["Maybe"])}),
        ],
    );
    for server in ["billing", "acme"] {
        cases.parse_as(billing.clone(), server);
    }
    // The first misfit in byte order of the names is the one reported.
    let ordered = json!({"type": "object", "properties": {
        "b": {"type": "string", "pattern": "x"}, "a": {"type": "string", "format": "uuid"},
        "C": {"type": "integer", "minimum": 0.5}
    }});
    cases.parse(ordered);
    let credential_last = json!({"type": "object", "properties": {
        "a": {"type": "string", "pattern": "x"}, "z_password": {"type": "string"}
    }});
    cases.parse(credential_last);
    // Sixteen properties, one of each shape and more, at every bound.
    let mut properties = serde_json::Map::new();
    for i in 0..16 {
        let definition = match i % 5 {
            0 => {
                json!({"type": "string", "title": chars(200, 'T'), "description": chars(2000, 'D'),
                        "minLength": 1, "maxLength": 200, "default": chars(200, 'd')})
            }
            1 => json!({"type": "number", "minimum": -1e15, "maximum": 1e15, "default": 0}),
            2 => json!({"type": "boolean", "default": i % 2 == 0}),
            3 => json!({"type": "string", "oneOf": titled(32), "default": "o32"}),
            _ => {
                json!({"type": "array", "items": {"anyOf": titled(32)}, "minItems": 32, "maxItems": 32,
                        "default": (1..=32).map(|i| format!("o{i}")).collect::<Vec<_>>()})
            }
        };
        properties.insert(format!("{}{i:02}", chars(62, 'p')), definition);
    }
    let full = object(Value::Object(properties));
    cases.answered(full, vec![json!({})]);
}
