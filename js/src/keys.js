// Keys -> what to do. Pure: returns a command, the DOM layer carries it out.

const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

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
    if (!event.shiftKey && (key === "z" || key === "Z")) return { kind: "intent", intent: { type: "undo" } };
    return null;
  }
  if (ARROWS.has(key)) return { kind: "focus", key };
  if (key === "Enter" || key === " " || key === "Spacebar") {
    if (focus === "stock") return { kind: "intent", intent: { type: "draw" } };
    if (Number.isInteger(focus)) return { kind: "intent", intent: { type: "play", slot: focus } };
    return null;
  }
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case "d":
      return { kind: "intent", intent: { type: "draw" } };
    case "u":
      return { kind: "intent", intent: { type: "undo" } };
    case "h":
      return { kind: "intent", intent: { type: "hint" } };
    case "n":
      return { kind: "dialog" };
    default:
      return null;
  }
}
