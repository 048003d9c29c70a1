// Card Commander's board: both sides, the three lanes, the hand to place from, the tie decision.
// Appended to common.js (which provides h, prettyCard, isRedCard and the default export).

const COMMANDER_CARDS = { Karl: "KD", Joanne: "QS", Jackson: "JH" };
const BONUS_TEXT = { Karl: "\u2666 +2, \u2660 \u22122", Joanne: "\u2660 +2, \u2666 \u22122", Jackson: "red +1, black \u22121" };
const LANE_NAMES = ["left", "middle", "right"];

function cardFace(label, extra = {}) {
  if (label === "?" || label === null || label === undefined) {
    return h("span", { className: `cc-card cc-back ${extra.seatClass || ""}`, "aria-label": "face-down card" });
  }
  return h("span", { className: `cc-card ${isRedCard(label) ? "cc-red" : ""} ${extra.className || ""}`,
    "aria-label": `card ${prettyCard(label)}` }, prettyCard(label), extra.value !== undefined
    ? h("small", { className: "cc-value" }, `= ${extra.value}`) : null);
}

function displayLanes(view) {
  const current = view.lanes;
  const empty = current.every((lane) => lane.cards.every((c) => c === null));
  if (view.rounds.length && empty) {
    const last = view.rounds[view.rounds.length - 1];
    return {
      label: `round ${last.round} result: ${view.players[last.winner]} wins the round`,
      lanes: current.map((lane, i) => ({ name: lane.name, cards: [last.placed[0][i], last.placed[1][i]],
        extras: [last.extras[0][i], last.extras[1][i]], values: [last.values[0][i], last.values[1][i]],
        winner: last.lane_winners[i], how: last.lane_how[i] })),
      current: false,
    };
  }
  return { label: `round ${view.round} of 3`, lanes: current, current: true };
}

// The seat that has won both other lanes of the round, so that the tied lane cannot change it; else null.
// (The rules let a player add the extra card on any tie; the board only says when it is wasted.)
function tieCannotMatter(view) {
  const won = [0, 0];
  (view.lanes || []).forEach((lane, i) => {
    if (i === view.tie_lane) return;
    let winner = lane.winner;
    if ((winner === null || winner === undefined) && lane.values && lane.values[0] !== lane.values[1]
        && lane.values.every((v) => typeof v === "number")) winner = lane.values[0] > lane.values[1] ? 0 : 1;
    if (winner === 0 || winner === 1) won[winner] += 1;
  });
  return won[0] === 2 ? 0 : won[1] === 2 ? 1 : null;
}

function statusText(view) {
  const [blue, red] = view.players;
  const score = `${blue} ${view.score[0]} \u2013 ${view.score[1]} ${red}`;
  if (view.over) return `Game over: ${view.players[view.winners[0]]} wins (${score})`;
  const who = view.to_act !== null && view.to_act >= 0 ? view.players[view.to_act] : "chance";
  const doing = { commander: "chooses a Commander", deal: "deals", place: "places three cards",
    tie: `decides on the extra card (the ${LANE_NAMES[view.tie_lane]} lane is tied)`, coin: "flips the coin" }[view.phase];
  return `Round ${view.round} of 3 \u00b7 ${score} \u00b7 ${who} ${doing}`;
}

function side(view, seat, ctx) {
  const name = view.players[seat];
  const commander = view.commanders[seat];
  const hand = view.hands[seat];
  const values = view.hand_values ? view.hand_values[seat] : null;
  const placing = ctx.legal.length && view.phase === "place" && view.to_act === seat && hand;
  const chosen = ctx.ui.chosen || [];
  const cards = hand
    ? hand.map((card, i) => {
      const used = chosen.includes(card);
      const face = cardFace(card, { value: values ? values[i] : undefined });
      if (!placing) return face;
      return h("button", { type: "button", className: `cc-pick ${used ? "cc-used" : ""}`, disabled: used || chosen.length >= 3,
        "aria-label": `place ${prettyCard(card)}, worth ${values ? values[i] : "?"}`,
        onclick: () => { ctx.ui.chosen = [...chosen, card]; ctx.redraw(); } }, face);
    })
    : Array.from({ length: view.hand_sizes[seat] }, () => cardFace("?", { seatClass: `cc-seat${seat}` }));
  return h("div", { className: `cc-side cc-seat${seat}` },
    h("div", { className: "cc-side-head" },
      h("strong", {}, name),
      commander ? h("span", { className: "cc-commander" }, cardFace(COMMANDER_CARDS[commander]),
        ` ${commander} (${BONUS_TEXT[commander]})`) : h("span", {}, " no Commander yet"),
      h("span", { className: "cc-score" }, `rounds won: ${view.score[seat]}`)),
    h("div", { className: "cc-hand", "aria-label": `${name}'s hand` }, cards));
}

function lanesBlock(view, ctx) {
  const shown = displayLanes(view);
  const chosen = ctx.ui.chosen || [];
  const viewer = view.seat;
  const columns = shown.lanes.map((lane, i) => {
    const cell = (seat) => {
      let label = lane.cards[seat];
      let pending = false;
      if (shown.current && label === null && seat === viewer && chosen[i]) { label = chosen[i]; pending = true; }
      const winner = lane.winner === seat;
      const card = label === null
        ? h("span", { className: "cc-slot", "aria-label": "empty" })
        : cardFace(label, { className: winner ? "cc-winner" : "", seatClass: `cc-seat${seat}` });
      const body = h("div", { className: `cc-lane-cell cc-seat${seat}` },
        pending ? h("button", { type: "button", className: "cc-unpick", "aria-label": `take back ${prettyCard(label)}`,
          onclick: () => { ctx.ui.chosen = chosen.filter((c) => c !== label); ctx.redraw(); } }, card) : card,
        lane.extras[seat] ? cardFace(lane.extras[seat], { className: "cc-extra" }) : null,
        lane.values[seat] !== null && lane.values[seat] !== undefined
          ? h("span", { className: "cc-lane-value" }, lane.values[seat]) : null);
      return body;
    };
    const how = { higher: "higher card", extra: "extra card", coin: "coin flip" }[lane.how];
    return h("div", { className: "cc-lane", role: "group", "aria-label": `${lane.name} lane` },
      h("div", { className: "cc-lane-name" }, `${lane.name} lane`),
      cell(1), cell(0),
      h("div", { className: "cc-lane-result" },
        lane.winner !== null && lane.winner !== undefined ? `${view.players[lane.winner]} wins (${how})`
          : (shown.current && view.tie_lane === i ? "tied!" : "")));
  });
  return h("div", { className: "cc-table" }, h("div", { className: "cc-table-label" }, shown.label),
    h("div", { className: "cc-lanes" }, columns));
}

function actions(view, ctx) {
  const legal = ctx.legal;
  if (!legal.length) return null;
  if (view.phase === "commander") {
    return h("div", { className: "cc-actions" }, h("span", {}, "Choose your Commander: "),
      legal.map((a) => { const name = a.split(" ")[1];
        return h("button", { type: "button", onclick: () => ctx.send(a) }, `${name} (${BONUS_TEXT[name]})`); }));
  }
  if (view.phase === "place") {
    const chosen = ctx.ui.chosen || [];
    const next = LANE_NAMES[chosen.length];
    return h("div", { className: "cc-actions" },
      h("span", {}, chosen.length < 3 ? `Pick a card for the ${next} lane.` : "Ready to place face down."),
      h("button", { type: "button", className: "cap-primary", disabled: chosen.length !== 3,
        onclick: () => { const action = `place ${chosen.join(" ")}`; ctx.ui.chosen = []; ctx.send(action); } }, "place cards"),
      h("button", { type: "button", disabled: !chosen.length, onclick: () => { ctx.ui.chosen = []; ctx.redraw(); } }, "clear"));
  }
  if (view.phase === "tie") {
    const seat = view.to_act;
    const decided = tieCannotMatter(view);
    const values = view.hand_values[seat] || [];
    const hand = view.hands[seat] || [];
    return h("div", { className: "cc-actions" },
      h("span", {}, `The ${LANE_NAMES[view.tie_lane]} lane is tied. ` + (decided === null ? ""
        : `It cannot change this round: ${view.players[decided]} has won the other two lanes, so a card added `
          + "here is spent for nothing. ") + "Add your one extra card? "),
      legal.filter((a) => a.startsWith("extra")).map((a) => {
        const card = a.split(" ")[1];
        const value = values[hand.indexOf(card)];
        return h("button", { type: "button", onclick: () => ctx.send(a) }, `add ${prettyCard(card)} (${value >= 0 ? "+" : ""}${value})`);
      }),
      h("button", { type: "button", onclick: () => ctx.send("pass") }, "pass"));
  }
  return null;
}

function drawBoard(view, ctx) {
  if (ctx.ui.round !== view.round || view.phase !== "place") ctx.ui.chosen = [];
  ctx.ui.round = view.round;
  return h("div", { className: "cc-board" },
    h("div", { className: "cc-status", role: "status" }, statusText(view)),
    side(view, 1, ctx),
    lanesBlock(view, ctx),
    side(view, 0, ctx),
    actions(view, ctx));
}
