// The director's desk: the editor, its line numbers, the check as one types, the ruling.
// Served by the package; talks only to the server that served it.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const record = $("record"), gutter = $("gutter"), status = $("status"), problems = $("problems");
  const verdict = $("verdict"), decision = $("decision"), reportHost = $("report");
  const DELAY = 350;  // ms of quiet typing before the record is checked
  let timer = null, asked = 0, report = "", name = "record", badLines = new Set();
  // The text last opened, chosen or saved: leaving the page, or choosing a template, asks
  // first when the record has changed since (a review lost typed work to a reload).
  let settled = "";
  const KEPT = "adjudicator-desk-record";  // this tab's record, kept across a reload

  /** A server's answer, or an Error saying what went wrong: it did not answer (the fetch
   *  fails), or it answered with an error (its status). */
  function post(path, body) {
    return fetch(path, {method: "POST", body: body, headers: {"Content-Type": "text/plain;charset=utf-8"}})
      .then((answer) => {
        if (!answer.ok) throw new Error(`The desk's server could not judge this record (error ${answer.status}).`);
        return answer.json();
      });
  }

  // Line numbers ------------------------------------------------------------------------------
  function drawGutter() {
    const count = record.value.split("\n").length;
    const part = document.createDocumentFragment();
    for (let n = 1; n <= count; n++) {
      const span = document.createElement("span");
      span.textContent = n + "\n";
      if (badLines.has(n)) span.className = "bad";
      part.append(span);
    }
    gutter.replaceChildren(part);
    gutter.scrollTop = record.scrollTop;
  }
  record.addEventListener("scroll", () => { gutter.scrollTop = record.scrollTop; });

  function goTo(line, column) {
    const lines = record.value.split("\n");
    let offset = 0;
    for (let n = 0; n < line - 1 && n < lines.length; n++) offset += lines[n].length + 1;
    const here = Math.min(offset + Math.max((column || 1) - 1, 0), record.value.length);
    record.focus();
    record.setSelectionRange(here, here);
    const height = parseFloat(getComputedStyle(record).lineHeight) || 20;
    record.scrollTop = Math.max(0, (line - 1) * height - record.clientHeight / 3);
  }

  // Checking ----------------------------------------------------------------------------------
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(check, DELAY);
    stale();  // the ruling beside is of the text before: not to be printed or saved now
    try { sessionStorage.setItem(KEPT, record.value); } catch (e) { /* storage refused */ }
    drawGutter();
  }
  record.addEventListener("input", changed);

  function check() {
    const mine = ++asked;
    status.className = "";
    status.textContent = "Checking…";
    post("/api/check", record.value).then((answer) => {
      if (mine === asked) show(answer);
    }).catch((error) => {
      if (mine !== asked) return;
      clearRuling();  // never leave the ruling of another text beside this one
      status.className = "bad";
      const said = error && error.message && error.message.startsWith("The desk's server") ? error.message : "The desk's server does not answer.";
      status.textContent = said + " No ruling is shown for the record as it stands.";
    });
  }

  function stale() {
    $("print").disabled = true;
    $("save-report").disabled = true;
    $("ruling-pane").classList.add("stale");
  }

  function show(answer) {
    badLines = new Set();
    problems.replaceChildren();
    if (answer.status === "ruled") {
      status.className = "good";
      status.textContent = "The record can be judged: the ruling is beside it.";
      showRuling(answer);
    } else {
      clearRuling();
      if (answer.status === "empty") {
        status.textContent = "Type a record, or start from a template.";
      } else if (answer.status === "problems") {
        status.className = "bad";
        const more = answer.omitted ? ` (and ${answer.omitted} more not shown)` : "";
        status.textContent = `${answer.problems.length} problem${answer.problems.length === 1 ? "" : "s"} to put right${more}:`;
        for (const p of answer.problems) problems.append(problemItem(p));
      } else {
        status.className = "bad";
        status.textContent = answer.message || "The record could not be checked.";
      }
    }
    drawGutter();
  }

  function problemItem(p) {
    const li = document.createElement("li");
    const where = document.createElement("span");
    where.className = "where";
    if (p.line) {
      badLines.add(p.line);
      where.textContent = `line ${p.line}, column ${p.column || 1}`;
      li.addEventListener("click", () => goTo(p.line, p.column));
      li.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); goTo(p.line, p.column); }
      });
      li.tabIndex = 0;  // (reachable with Tab: a keyboard alone can go to the line)
      li.title = "go to this line";
      li.dataset.line = p.line;
    } else {
      where.textContent = "the record";
    }
    li.append(where, ": " + (p.pointer ? p.pointer + ": " : "") + p.message);
    return li;
  }

  // The ruling --------------------------------------------------------------------------------
  function showRuling(answer) {
    verdict.textContent = answer.verdict;
    verdict.className = answer.has_violation ? "bad" : "";
    decision.replaceChildren(...answer.decision.map((sentence) => {
      const li = document.createElement("li");
      const rules = document.createElement("span");
      rules.className = "rules";
      rules.textContent = sentence.rules.length ? ` [${sentence.rules.join(", ")}]` : "";
      li.append(sentence.text, rules);
      return li;
    }));
    report = answer.report;
    name = answer.name || "record";  // (the record's date, event and table: files told apart)
    $("waiting").hidden = true;
    // The report is check's HTML page (no script; every text escaped). It is shown in a
    // shadow root so that its own stylesheet, print rules included, applies to it alone.
    const page = new DOMParser().parseFromString(report, "text/html");
    const root = reportHost.shadowRoot || reportHost.attachShadow({mode: "open"});
    const body = document.createElement("div");
    body.className = "report-body";
    body.append(...Array.from(page.body.childNodes, (node) => document.importNode(node, true)));
    const styles = Array.from(page.querySelectorAll("style"), (old) => {
      const style = document.createElement("style");
      style.textContent = old.textContent.replace(/\bbody\b/g, ".report-body");
      return style;
    });
    root.replaceChildren(...styles, body);
    $("print").disabled = false;
    $("save-report").disabled = false;
    $("ruling-pane").classList.remove("stale");
  }

  function clearRuling() {
    verdict.textContent = "";
    decision.replaceChildren();
    if (reportHost.shadowRoot) reportHost.shadowRoot.replaceChildren();
    report = "";
    $("waiting").hidden = false;
    $("print").disabled = true;
    $("save-report").disabled = true;
    $("ruling-pane").classList.remove("stale");
  }

  // Templates and files -----------------------------------------------------------------------
  function setRecord(text) {
    record.value = text;
    record.scrollTop = 0;
    settled = text;
    changed();
  }

  /** Whether the record typed may be replaced or left: unchanged since it was opened,
   *  chosen or saved, empty, or the director says so. */
  function mayReplace() {
    return !record.value.trim() || record.value === settled
      || window.confirm("Replace the record on the desk? What you typed since it was opened or saved will be lost.");
  }
  window.addEventListener("beforeunload", (event) => {
    if (record.value.trim() && record.value !== settled) { event.preventDefault(); event.returnValue = ""; }
  });

  fetch("/api/templates").then((answer) => answer.json()).then((answer) => {
    for (const t of answer.templates) {
      const option = document.createElement("option");
      option.value = t.key;
      option.textContent = t.title;
      option.dataset.text = t.text;
      $("template").append(option);
    }
  });
  let chosenTemplate = "";
  $("template").addEventListener("change", (event) => {
    const option = event.target.selectedOptions[0];
    if (!option || !option.dataset.text) return;
    if (!mayReplace()) { event.target.value = chosenTemplate; return; }
    chosenTemplate = event.target.value;
    setRecord(option.dataset.text);
  });

  // "Open a file…" from the keyboard: its input is hidden, so the label answers Enter
  $("open-file").addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); $("file").click(); }
  });

  let boards = [];
  $("file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (!mayReplace()) { event.target.value = ""; return; }
    file.text().then((text) => {
      if (/\.pbn$/i.test(file.name) || /^\s*\[Deal\s+"/m.test(text)) return openPbn(text);
      $("board-choice").hidden = true;
      setRecord(text);
    });
    event.target.value = "";
  });

  function openPbn(text) {
    return post("/api/pbn", text).then((answer) => {
      if (answer.status !== "boards") return show(answer);
      boards = answer.boards;
      const select = $("board");
      select.replaceChildren(...boards.map((b, i) => {
        const option = document.createElement("option");
        option.value = String(i);
        option.textContent = `Board ${b.number}` + (b.dealer ? ` (${b.dealer} deals)` : "");
        return option;
      }));
      $("board-choice").hidden = false;
      setRecord(boards[0].text);
    });
  }
  $("board").addEventListener("change", (event) => setRecord(boards[Number(event.target.value)].text));

  // Print and downloads -----------------------------------------------------------------------
  function download(name, text, type) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], {type: type}));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  function isNotation(text) {
    const first = text.split("\n").map((l) => l.trim()).find((l) => l && !l.startsWith("#"));
    return !!first && first.startsWith("%HRN");
  }

  function saveRecord(to) {
    const text = record.value;
    const ext = to === "text" ? "hrn" : "json";
    const type = to === "text" ? "text/plain" : "application/json";
    if ((to === "text") === isNotation(text)) { settled = text; return download(`${name}.${ext}`, text, type); }
    post(`/api/convert?to=${to}`, text).then((answer) => {
      if (answer.status === "converted") { settled = text; download(`${name}.${ext}`, answer.text, type); }
      else show(answer);
    }).catch((error) => { status.className = "bad"; status.textContent = error.message; });
  }
  $("save-hrn").addEventListener("click", () => saveRecord("text"));
  $("save-json").addEventListener("click", () => saveRecord("json"));
  $("save-report").addEventListener("click", () => { if (report) download(`${name}-ruling.html`, report, "text/html"); });
  $("print").addEventListener("click", () => window.print());

  // A reload brings back the record this tab held (not another tab's: sessionStorage).
  let kept = null;
  try { kept = sessionStorage.getItem(KEPT); } catch (e) { /* storage refused */ }
  if (kept && !record.value) { record.value = kept; changed(); }
  drawGutter();
})();
