import { render } from "./render.js";

export default { render };
