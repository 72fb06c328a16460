// The chat page: plain JS, no build. Talks to the gateway's own API with the farmer's key:
// GET /api/me, POST /api/rag/chat (SSE), GET /api/sensors/{uuid}/snapshot,
// POST /api/recommendations/irrigation. The key stays in this tab (sessionStorage).
"use strict";

const state = { key: sessionStorage.getItem("streamrag.key"), me: null, conversation: null, ui: "en" };
const $ = (id) => document.getElementById(id);

// Persian and Arabic letters make a text right to left; its language decides which.
function direction(text) { return /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text) ? "rtl" : "ltr"; }
function language(text) {
  if (direction(text) === "ltr") return "en";
  return /[پچژگکی]/.test(text) ? "fa" : "ar";
}
function t(k) { return (T[state.ui] || T.en)[k] || T.en[k] || k; }

function applyUi(lang) {
  state.ui = T[lang] ? lang : "en";
  localStorage.setItem("streamrag.ui", state.ui);
  document.documentElement.lang = state.ui;
  document.documentElement.dir = state.ui === "en" ? "ltr" : "rtl";
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  $("ui-lang").value = state.ui;
}

async function api(path, options = {}) {
  const headers = Object.assign({ Authorization: "Bearer " + state.key }, options.headers || {});
  return fetch(path, Object.assign({}, options, { headers }));
}

// 1. sign in: the key is checked by GET /api/me, which also names its sensors and pipelines
async function signIn(key) {
  state.key = key;
  const response = await api("/api/me");
  if (!response.ok) {
    sessionStorage.removeItem("streamrag.key");
    state.key = null;
    const error = $("signin-error");
    error.textContent = t("unknownKey");
    error.hidden = false;
    return;
  }
  sessionStorage.setItem("streamrag.key", key);
  state.me = await response.json();
  fill($("sensor"), state.me.sensors);
  fill($("pipeline"), state.me.pipelines);
  $("signin").hidden = true;
  $("app").hidden = false;
  $("question").focus();
  refreshField();
}

function fill(select, values) {
  select.replaceChildren(...values.map((v) => { const o = document.createElement("option"); o.value = v; o.textContent = v; return o; }));
}

// 2. ask: the answer streams in as server-sent events over a POST
async function ask(question) {
  const item = message("user", question);
  $("messages").append(item);
  const answer = message("assistant", "");
  const body = answer.querySelector(".text");
  const lang = language(question);
  answer.dir = direction(question);
  answer.lang = lang;
  $("messages").append(answer);
  $("send").disabled = true;
  try {
    const request = () => api("/api/rag/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: question, sensor_uuid: $("sensor").value, pipeline: $("pipeline").value,
        conversation_id: state.conversation || undefined }),
    });
    const response = await askedAgainWhileBusy(request, answer);
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      fail(answer, problem.message || problem.detail || response.statusText);
      return;
    }
    await readEvents(response.body, (name, data) => onEvent(answer, body, name, data));
  } catch (e) {
    fail(answer, e.message);
  } finally {
    $("send").disabled = false;
    $("messages").scrollTop = $("messages").scrollHeight;
    refreshField();
  }
}

// A 503 (a gateway draining in a rolling update, or every answer slot taken) passes: the page asks
// again after the server's Retry-After (at most 10 s), up to 3 times, saying so, as a farmer would.
async function askedAgainWhileBusy(request, answer) {
  let response = await request();
  for (let attempt = 0; response.status === 503 && attempt < 3; attempt++) {
    const seconds = Math.min(Math.max(Number(response.headers.get("Retry-After")) || 1, 1), 10);
    const p = document.createElement("p");
    p.className = "meta busy";
    p.setAttribute("role", "status");
    p.textContent = t("busy").replace("{s}", seconds);
    answer.append(p);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    p.remove();
    response = await request();
  }
  return response;
}

function onEvent(answer, body, name, data) {
  if (name === "meta") {
    if (data.conversation_id) state.conversation = data.conversation_id;
  } else if (name === "token") {
    body.textContent += data.text;
    answer.classList.add("streaming");
  } else if (name === "citation") {
    section(answer, "citations", t("sources"), "ol").append(citation(data));
  } else if (name === "trace") {
    const li = document.createElement("li");
    li.textContent = [data.kind, data.query, (data.kbs || []).join(", "), data.detail].filter(Boolean).join(" · ");
    section(answer, "trace", t("trace"), "ol").append(li);
  } else if (name === "needs_human") {
    note(answer, t("needsHuman") + (data.reason ? " (" + data.reason + ")" : ""));
  } else if (name === "done") {
    answer.classList.remove("streaming");
    answer.classList.add("done");
    note(answer, [data.provider, data.model, data.mode, data.searches ? data.searches + " searches" : ""].filter(Boolean).join(" · "));
  } else if (name === "reset") {
    // the instance writing the answer died and another answers again: what was shown of the
    // first attempt is not part of the answer, so it goes, and the new one streams in its place
    body.textContent = "";
    [...answer.children].filter((e) => e !== body).forEach((e) => e.remove());
    answer.classList.remove("streaming");
    const p = document.createElement("p");
    p.className = "meta restarted";
    p.setAttribute("role", "status");
    p.textContent = t("restarted");
    answer.append(p);
  } else if (name === "error") {
    fail(answer, data.message || data.code);
  }
}

// An SSE parser over fetch's byte stream: "event:" and "data:" lines, blank line ends an event.
async function readEvents(stream, onEvent) {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      let name = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) {
        let parsed;
        try { parsed = JSON.parse(data.join("\n")); } catch { parsed = { text: data.join("\n") }; }
        onEvent(name, parsed);
      }
    }
  }
}

function message(who, text) {
  const li = document.createElement("li");
  li.className = "msg " + who;
  li.dir = direction(text || "");
  const body = document.createElement("div");
  body.className = "text";
  body.textContent = text;
  li.append(body);
  return li;
}

function section(answer, cls, title, listTag) {
  let list = answer.querySelector("." + cls);
  if (!list) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = title;
    list = document.createElement(listTag);
    list.className = cls;
    details.append(summary, list);
    if (cls === "citations") details.open = true;
    answer.append(details);
  }
  return list;
}

// A citation opens to show where it came from and how strongly it matched.
function citation(c) {
  const li = document.createElement("li");
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "[" + c.index + "] " + c.source;
  summary.className = "citation";
  const info = document.createElement("p");
  info.className = "muted";
  info.textContent = c.kb + (typeof c.score === "number" ? " · " + c.score.toFixed(2) : "");
  details.append(summary, info);
  li.append(details);
  return li;
}

function note(answer, text) {
  const p = document.createElement("p");
  p.className = "meta";
  p.textContent = text;
  answer.append(p);
}

function fail(answer, text) {
  const p = document.createElement("p");
  p.className = "error";
  p.setAttribute("role", "alert");
  p.textContent = t("failed") + ": " + text;
  answer.append(p);
}

// 3. the field beside the chat: the sensor's snapshot, in the page's language, and the advice
async function refreshField() {
  const sensor = $("sensor").value;
  if (!sensor) return;
  const snap = await api("/api/sensors/" + sensor + "/snapshot");
  const box = $("snapshot");
  if (snap.ok) {
    const s = await snap.json();
    const text = document.createElement("p");
    text.className = "snapshot-text";
    text.id = "snapshot-text";
    text.textContent = s["text_" + state.ui] || s.text_en;
    text.dir = direction(text.textContent);
    const when = document.createElement("p");
    when.className = "muted";
    when.textContent = t("measured") + ": " + new Date(s.measured_at).toLocaleString(state.ui);
    box.replaceChildren(text, when);
    $("week").replaceChildren(...week(s));
  } else {
    box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: t("noSnapshot") }));
    $("week").replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: t("noWeek") }));
  }
  const advice = await api("/api/recommendations/irrigation", {
    method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": state.ui },
    body: JSON.stringify({ sensor_uuid: sensor, pipeline: $("pipeline").value }),
  });
  const adviceBox = $("advice");
  if (advice.ok) {
    const a = await advice.json();
    const head = document.createElement("p");
    head.textContent = a.irrigation_needed ? t("irrigate") + ": " + a.amount_mm + " mm" : t("noIrrigation");
    const reason = document.createElement("p");
    reason.textContent = a.reason || "";
    reason.dir = direction(reason.textContent);
    const next = document.createElement("p");
    next.className = "muted";
    next.textContent = a.next_check_date ? t("nextCheck") + ": " + a.next_check_date : "";
    adviceBox.replaceChildren(head, reason, next);
  } else {
    const problem = await advice.json().catch(() => ({}));
    adviceBox.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: problem.message || advice.statusText }));
  }
}

document.addEventListener("DOMContentLoaded", () => {
  applyUi(localStorage.getItem("streamrag.ui") || (navigator.language || "en").slice(0, 2));
  $("ui-lang").addEventListener("change", (e) => { applyUi(e.target.value); refreshField(); });
  $("signin").addEventListener("submit", (e) => { e.preventDefault(); signIn($("key").value.trim()); });
  $("ask").addEventListener("submit", (e) => {
    e.preventDefault();
    const q = $("question").value.trim();
    if (!q) return;
    $("question").value = "";
    ask(q);
  });
  $("question").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); $("ask").requestSubmit(); }
  });
  $("question").addEventListener("input", (e) => { e.target.dir = direction(e.target.value); });
  $("sensor").addEventListener("change", () => { state.conversation = null; refreshField(); });
  $("new-conversation").addEventListener("click", () => { state.conversation = null; $("messages").replaceChildren(); $("question").focus(); });
  $("signout").addEventListener("click", () => { sessionStorage.removeItem("streamrag.key"); location.reload(); });
  if (state.key) signIn(state.key);
});
