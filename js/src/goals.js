// The goals on the board: each challenge, how far the game has come on it, whether it is met,
// and once the game is over the best possible on it (Python's words, in the board's language).
// A board with no goal shows nothing here and keeps no room for it; with goals, each keeps its
// place as the game goes on, so nothing below moves.

import { h, setAttr } from "./helpers.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */

/**
 * Build the goals' list once; `update` draws a view model into it.
 * @param {Document} doc
 */
export function goalsView(doc) {
  const list = h(doc, "ul", "tp-goals");
  list.hidden = true;

  return {
    list,
    /** @param {ViewModel} next */
    update(next) {
      const goals = next.goals;
      list.hidden = goals.length === 0;
      const streak = next.streak;
      setAttr(list, "aria-label", next.labels.goals);
      const key = JSON.stringify([goals, streak, next.labels.goals_met]);
      if (list.dataset.key === key) return;
      list.dataset.key = key;
      list.replaceChildren();
      for (const goal of goals) {
        const item = h(doc, "li", "tp-goal", { "data-met": String(goal.met), "data-source": goal.source });
        const mark = h(doc, "span", "tp-goal-mark", { "aria-hidden": "true", text: goal.stars ? "★".repeat(goal.stars) : "◎" });
        const text = h(doc, "span", "tp-goal-text", { text: goal.text });
        // How far, or once the game is over the best possible: one line of the same height.
        const said = goal.best ?? (goal.met ? next.labels.goals_met : goal.progress);
        const progress = h(doc, "span", "tp-goal-progress", { text: said });
        const bar = h(doc, "span", "tp-goal-bar", { "aria-hidden": "true" });
        bar.style.setProperty("--done", String(goal.target > 0 ? Math.min(1, goal.done / goal.target) : goal.met ? 1 : 0));
        item.append(mark, text, progress, bar);
        list.appendChild(item);
      }
      if (streak && goals.length) {
        // The days in a row the player won the game of the day, under its goals.
        const item = h(doc, "li", "tp-goal tp-streak", { "data-current": String(streak.current) });
        item.append(
          h(doc, "span", "tp-goal-mark", { "aria-hidden": "true", text: "◆" }),
          h(doc, "span", "tp-goal-text", { text: streak.text }),
          h(doc, "span", "tp-goal-progress", { text: streak.best }),
        );
        list.appendChild(item);
      }
    },
  };
}
