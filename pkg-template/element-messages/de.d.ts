// Types of `elicit-form/element/messages/de`: importing it registers the table.
import type { ElicitFormMessages } from "../element-shared.js";

declare const messages: Readonly<ElicitFormMessages>;
export default messages;
