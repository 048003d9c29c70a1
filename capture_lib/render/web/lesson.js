// The lesson panel of a tutorial or an exercise: appended after a game's module (see lesson.py).
// common.js calls drawLesson(model, ctx) when the model has a lesson. Answers are checked in
// Python; the panel only shows the prompt, the hint, the explanation and the buttons that go on.

function lessonButton(model, label, command, extra = {}) {
  return h("button", { type: "button", className: `cap-lesson-do-${command} ${extra.className || ""}`,
    disabled: extra.disabled, onclick: () => model.send({ type: "lesson", do: command }) }, label);
}

function drawLesson(model, ctx) {
  const lesson = model.get("lesson") || {};
  if (lesson.static || !ctx.live) {
    return h("div", { className: "cap-lesson cap-lesson-static" },
      h("div", { className: "cap-lesson-title" }, lesson.title || ""),
      lesson.intro ? h("p", {}, lesson.intro) : null,
      h("p", { className: "cap-lesson-note" },
        lesson.answers
          ? `${lesson.count} step${lesson.count === 1 ? "" : "s"}, each shown in two pictures: its question, then ` +
            "its answer (step forward to see it). Open this page live (JupyterLab or capture serve) to make the moves yourself."
          : `${lesson.count} step${lesson.count === 1 ? "" : "s"}, each shown as its question. ` +
            "Open this page live (JupyterLab or capture serve) to make the moves and check them."));
  }
  const answered = lesson.status === "right" || lesson.status === "revealed";
  const parts = [
    h("div", { className: "cap-lesson-title" }, `${lesson.title} \u00b7 step ${lesson.index + 1} of ${lesson.count}`),
    h("div", { className: "cap-lesson-step" }, lesson.step),
    h("p", { className: "cap-lesson-prompt" }, lesson.prompt),
  ];
  if (lesson.feedback) {
    parts.push(h("p", { className: `cap-lesson-feedback cap-lesson-${lesson.status}`, role: "status" }, lesson.feedback));
  }
  if (lesson.hint && lesson.status === "try") {
    parts.push(h("p", { className: "cap-lesson-feedback cap-lesson-hinted", role: "status" }, `Hint: ${lesson.hint}`));
  }
  if (lesson.answer) parts.push(h("p", { className: "cap-lesson-answer" }, "Answer: ", h("code", {}, lesson.answer)));
  if (lesson.finished) {
    parts.push(h("p", { className: "cap-lesson-done", role: "status" },
      lesson.count > 1 ? "Well done: that was the last step." : "Done."));
  }
  parts.push(h("div", { className: "cap-lesson-buttons" },
    answered ? null : lessonButton(model, "hint", "hint"),
    answered ? null : lessonButton(model, "show the answer", "answer"),
    lessonButton(model, "try again", "again"),
    lesson.index > 0 ? lessonButton(model, "\u2039 previous step", "back") : null,
    answered && !lesson.last ? lessonButton(model, "next step \u203A", "next", { className: "cap-primary" }) : null));
  return h("div", { className: `cap-lesson cap-lesson-is-${lesson.status}` }, parts);
}
