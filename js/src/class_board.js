// The teacher's live class board (tripeaks_widget/class_board.py): it lays out the `view` trait,
// the board in words in the board's language, which Python writes whole at each change. It holds
// no words of its own and sends nothing: a projector's page that only shows.
// Bundled on its own to static/class_board.js (build.mjs): the board's front end is not loaded.

/**
 * An element with its class and text.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 */
function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * One cell's parts: a value, "met", "scripted", "assisted", or "none", each a span of its kind.
 * @param {HTMLElement} cell
 * @param {Array<{text: string, kind: string}> | string} parts
 */
function fill(cell, parts) {
  if (typeof parts === "string") {
    cell.textContent = parts;
    return;
  }
  for (const part of parts) {
    const span = make("span", part.kind ? `tp-class-part tp-class-${part.kind}` : "tp-class-part", part.text);
    if (part.kind === "met") {
      const mark = make("span", "", "✓ ");
      mark.setAttribute("aria-hidden", "true"); // the word "met" says it
      span.prepend(mark);
    }
    cell.append(span, " ");
  }
}

/**
 * A real table, headed: its caption, the columns' headers, each row's first cell its row's header.
 * @param {{caption: string, columns: string[], rows: Array<any>}} table
 * @param {boolean} headed whether each row is {head, cells} (its first cell a row header)
 */
function table(table, headed) {
  const region = make("div", "tp-class-scroll");
  region.tabIndex = 0; // a wide table scrolls by keyboard too
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", table.caption);
  const grid = make("table", "tp-class-table");
  grid.append(make("caption", "", table.caption));
  const head = make("tr");
  for (const column of table.columns) {
    const th = make("th", "", column);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = make("thead");
  thead.append(head);
  grid.append(thead);
  const body = make("tbody");
  for (const row of table.rows) {
    const tr = make("tr");
    const cells = headed ? row.cells : row;
    if (headed) {
      const th = make("th", "", row.head);
      th.setAttribute("scope", "row");
      tr.append(th);
    }
    for (const parts of cells) {
      const td = make("td");
      fill(td, parts);
      tr.append(td);
    }
    body.append(tr);
  }
  grid.append(body);
  region.append(grid);
  return region;
}

/** @param {{ model: any, el: HTMLElement }} view */
function render({ model, el }) {
  const root = make("section", "tp-class");
  root.tabIndex = 0; // focusable: a screen reader's user lands on the board and reads it in order
  const title = make("h2", "tp-class-title");
  title.id = `tp-class-${Math.random().toString(36).slice(2)}`;
  root.setAttribute("aria-labelledby", title.id);
  const meta = make("p", "tp-class-meta");
  const offline = make("p", "tp-class-offline");
  offline.setAttribute("role", "status");
  const live = make("p", "tp-class-news");
  live.setAttribute("aria-live", "polite");
  const content = make("div", "tp-class-content");
  root.append(title, meta, offline, live, content);
  el.append(root);
  let announced = -1;

  function draw() {
    const view = model.get("view") || {};
    root.lang = view.lang || "en";
    root.dir = view.dir || "ltr";
    title.textContent = view.title || "";
    meta.textContent = [view.day, view.updated].filter(Boolean).join(" · ");
    offline.textContent = view.offline || "";
    offline.hidden = !view.offline;
    root.classList.toggle("tp-class-away", Boolean(view.offline));
    if (view.announced !== announced || live.lang !== root.lang) {
      // A polite live region reads what changes in it: the newest first met, or the store back
      // (and the same news in another language, once the board's language changes).
      announced = view.announced;
      live.lang = root.lang;
      live.textContent = view.announce || "";
    }
    live.hidden = !live.textContent;
    content.replaceChildren();
    if (view.empty) content.append(make("p", "tp-class-empty", view.empty));
    else if (view.challenges && view.challenges.rows.length) {
      content.append(table(view.challenges, false), table(view.students, true));
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
