// Keys -> what to do. Pure: returns a command, the DOM layer carries it out.

const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);
const LATIN = /^[a-z]$/i;
const LETTER = /^\p{L}$/u;

/**
 * The letter a key stands for: the character typed, or, when a Greek,
 * Hebrew or other non-Latin layout types another letter, the Latin letter
 * of the physical key (event.code "KeyD" -> "d"), so D, U, H, N and R work in
 * every layout.
 */
function letterOf(event) {
  const key = event.key;
  if (typeof key !== "string" || key.length !== 1) return key;
  if (LATIN.test(key) || !LETTER.test(key)) return key.toLowerCase();
  const code = typeof event.code === "string" ? /^Key([A-Z])$/.exec(event.code) : null;
  return code ? code[1].toLowerCase() : key.toLowerCase();
}

/**
 * Map a key press to a command.
 *   {kind: "intent", intent: {...}}  send to Python
 *   {kind: "focus", key}             move the roving focus
 *   {kind: "dialog"}                 open the New game dialog
 *   null                             nothing to do
 * `focus` is the focused target (slot number, "stock", or null).
 */
export function keyCommand(event, focus) {
  const key = event.key;
  const ctrl = Boolean(event.ctrlKey || event.metaKey);
  if (event.altKey) return null;
  if (ctrl) {
    if (!event.shiftKey && letterOf(event) === "z") return { kind: "intent", intent: { type: "undo" } };
    return null;
  }
  if (ARROWS.has(key)) return { kind: "focus", key };
  if (key === "Enter" || key === " " || key === "Spacebar") {
    if (focus === "stock") return { kind: "intent", intent: { type: "draw" } };
    if (Number.isInteger(focus)) return { kind: "intent", intent: { type: "play", slot: focus } };
    return null;
  }
  switch (letterOf(event)) {
    case "d":
      return { kind: "intent", intent: { type: "draw" } };
    case "u":
      return { kind: "intent", intent: { type: "undo" } };
    case "h":
      return { kind: "intent", intent: { type: "hint" } };
    case "n":
      return { kind: "dialog" };
    case "r":
      return { kind: "intent", intent: { type: "restart" } };
    default:
      return null;
  }
}
