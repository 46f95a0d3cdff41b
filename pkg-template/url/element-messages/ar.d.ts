// Types of `elicit-form/url/element/messages/ar`: importing it registers the URL card's table.
import type { ElicitUrlMessages } from "../element.js";

declare const messages: Readonly<ElicitUrlMessages>;
export default messages;
