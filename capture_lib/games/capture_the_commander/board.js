// Capture the Commander's board: every layout as overlapping cards, coverage on each card's edge,
// a click on an attacker then a target, tie-break picks, the last battle's reveal.
// Appended to common.js (which provides h, prettyCard, isRedCard and the default export).

// Where each slot lies in its layout, in card pitches (x) and rows (y); the far row is on top.
const CTC_X = { 1: 0, 2: 1, 3: 2, 4: 3, 5: 0.5, 6: 1.5, 7: 2.5, 8: 0.5, 9: 1.5, 10: 2.5, 11: 1, 12: 2, 13: 1.5 };
const CTC_ROW = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 3, 12: 3, 13: 4 };
const CTC_COVERAGE = { uncovered: "fully uncovered: may attack and be attacked",
  partial: "partially covered: may be attacked", full: "fully covered: safe for now" };

function ctcName(view, seat) { return view.players[seat]; }

function ctcBattleText(view, b) {
  const who = (seat) => ctcName(view, seat);
  let text = `${who(b.attacker)}'s card ${b.attacker_slot} (${prettyCard(b.attacker_card)}) attacked ` +
    `${who(b.defender)}'s card ${b.defender_slot} (${prettyCard(b.defender_card)})`;
  for (const [sa, ca, sd, cd] of b.rounds) {
    text += `; tie, then ${prettyCard(ca)} (card ${sa}) against ${prettyCard(cd)} (card ${sd})`;
  }
  if (b.loser !== null && b.loser !== undefined) text += `: ${who(b.loser)}'s card ${b.loser_slot} leaves`;
  else text += ": nobody had an adjacent card left";
  if (b.eliminated.length) text += `. Out: ${b.eliminated.map(who).join(" and ")}`;
  return text + ".";
}

function ctcStatus(view) {
  if (view.over) {
    if (!view.winners.length) return "Game over: a draw.";
    return `Game over: ${view.winners.map((s) => ctcName(view, s)).join(" and ")} ${view.winners.length > 1 ? "share the win" : "wins"}.`;
  }
  const hand = view.hands > 1 ? `Hand ${view.hand} of ${view.hands} \u00b7 points ${view.scores.join("\u2013")} \u00b7 ` : "";
  if (view.phase === "draw") return `${hand}Drawing for the first dealer\u2026`;
  if (view.phase === "cut" || view.phase === "deal") return `${hand}${ctcName(view, view.dealer)} deals\u2026`;
  const who = ctcName(view, view.to_act);
  if (view.phase === "tie") return `${hand}Tie! ${who} picks a card adjacent to the tied card.`;
  return `${hand}${who} attacks: choose one of ${who}'s fully uncovered cards, then a target.`;
}

function ctcCard(view, seat, entry, ctx, clickable) {
  const slot = entry.slot;
  const style = `left:${(0.3 + CTC_X[slot] * 2.8).toFixed(2)}em; top:${(CTC_ROW[slot] * 2.1).toFixed(2)}em; z-index:${10 - CTC_ROW[slot]};`;
  if (!entry.present) {
    return h("span", { className: "ctc-card ctc-empty", style, "aria-label": `slot ${slot}: empty` });
  }
  const value = entry.known || entry.card;
  const classes = ["ctc-card", `ctc-${entry.coverage}`, entry.known ? "ctc-known" : `ctc-back ctc-seat${seat}`];
  if (!entry.known && entry.card) classes.push("ctc-teach");
  if (value && isRedCard(value) && entry.known) classes.push("ctc-red");
  const selected = ctx.ui.attacker === `${view.layouts[seat].letter}${slot}`;
  if (selected) classes.push("ctc-selected");
  if (ctx.fought && ctx.fought.has(`${seat}/${slot}`)) classes.push("ctc-fought");
  if (clickable) classes.push("ctc-clickable");
  const tag = slot === 13 ? "C" : String(slot);
  const label = `${ctcName(view, seat)} card ${slot}${slot === 13 ? " (Commander)" : ""}, ` +
    `${CTC_COVERAGE[entry.coverage]}${entry.known ? `, seen: ${prettyCard(entry.known)}` : ""}`;
  const body = [h("span", { className: "ctc-tag" }, tag), value ? h("span", { className: "ctc-value" }, prettyCard(value)) : null];
  if (clickable) {
    return h("button", { type: "button", className: classes.join(" "), style, title: label, "aria-label": label,
      onclick: clickable }, body);
  }
  return h("span", { className: classes.join(" "), style, title: label, "aria-label": label }, body);
}

function ctcLayout(view, seat, ctx) {
  const entry = view.layouts[seat];
  const letter = entry.letter;
  const legal = ctx.legal;
  const head = h("div", { className: "ctc-head" },
    h("strong", {}, entry.name), view.dealer === seat ? h("span", { className: "ctc-dealer" }, "dealer") : null,
    h("span", { className: "ctc-count" }, entry.out ? "eliminated" : `${entry.cards_left} cards`));
  if (entry.out) {
    return h("div", { className: `ctc-layout ctc-out ctc-seat${seat}` }, head, h("div", { className: "ctc-gone" }, "Commander captured"));
  }
  const cards = entry.cards.map((c) => {
    const mine = `${letter}${c.slot}`;
    let click = null;
    if (view.phase === "play" && legal.length) {
      if (ctx.ui.attacker) {
        const action = `${ctx.ui.attacker}x${mine}`;
        if (legal.includes(action)) click = () => { ctx.ui.attacker = null; ctx.send(action); };
        else if (ctx.ui.attacker === mine) click = () => { ctx.ui.attacker = null; ctx.redraw(); };
        else if (legal.some((a) => a.startsWith(`${mine}x`))) click = () => { ctx.ui.attacker = mine; ctx.redraw(); };
      } else if (legal.some((a) => a.startsWith(`${mine}x`))) {
        click = () => { ctx.ui.attacker = mine; ctx.redraw(); };
      }
    } else if (view.phase === "tie" && legal.includes(`pick ${mine}`)) {
      click = () => ctx.send(`pick ${mine}`);
    }
    return ctcCard(view, seat, c, ctx, click);
  });
  const acting = view.to_act === seat && !view.over;
  return h("div", { className: `ctc-layout ctc-seat${seat} ${acting ? "ctc-acting" : ""}`, role: "group",
    "aria-label": `${entry.name}'s layout` }, head, h("div", { className: "ctc-pile" }, cards));
}

function ctcBattle(view) {
  const b = view.battle;
  if (b) {
    const rounds = b.rounds.map(([sa, ca, sd, cd]) => `${prettyCard(ca)} (${sa}) = ${prettyCard(cd)} (${sd})`);
    const picked = b.attacker_picked ? `${ctcName(view, b.attacker)} has picked${b.attacker_pick ? ` card ${b.attacker_pick}` : " (hidden until both pick)"}.` : "";
    return h("div", { className: "ctc-battle", role: "status" },
      `Tie: ${ctcName(view, b.attacker)}'s ${prettyCard(b.cards[0])} (card ${b.attacker_slot}) against ` +
      `${ctcName(view, b.defender)}'s ${prettyCard(b.cards[1])} (card ${b.defender_slot}). `,
      rounds.length ? `Tied again: ${rounds.join(", ")}. ` : "", picked);
  }
  if (view.battles.length) {
    return h("div", { className: "ctc-battle ctc-last", role: "status" }, "Last battle: " + ctcBattleText(view, view.battles[view.battles.length - 1]));
  }
  return null;
}

function ctcFought(view) {
  // The cards of the battle in progress, or of the last one: ringed so the reveal is easy to find.
  const b = view.battle || (view.battles.length ? view.battles[view.battles.length - 1] : null);
  const found = new Set();
  if (!b) return found;
  found.add(`${b.attacker}/${b.attacker_slot}`);
  found.add(`${b.defender}/${b.defender_slot}`);
  for (const [sa, , sd] of b.rounds) { found.add(`${b.attacker}/${sa}`); found.add(`${b.defender}/${sd}`); }
  return found;
}

function drawBoard(view, ctx) {
  const key = `${(view.log || []).length}/${view.to_act}`;
  if (ctx.ui.key !== key) { ctx.ui.key = key; ctx.ui.attacker = null; }
  ctx.fought = ctcFought(view);
  const beaten = view.beaten.length
    ? h("div", { className: "ctc-beaten" }, "Beaten out of the game: ", view.beaten.map((c) => h("span", { className: `ctc-mini ${isRedCard(c) ? "ctc-red" : ""}` }, prettyCard(c))))
    : null;
  return h("div", { className: "ctc-board" },
    h("div", { className: "ctc-status", role: "status" }, ctcStatus(view)),
    h("div", { className: "ctc-table" }, view.layouts.map((_, seat) => ctcLayout(view, seat, ctx))),
    ctcBattle(view),
    beaten,
    h("div", { className: "ctc-legend" }, h("span", { className: "ctc-key ctc-uncovered" }, "fully uncovered"),
      h("span", { className: "ctc-key ctc-partial" }, "partially covered"), h("span", { className: "ctc-key ctc-full" }, "fully covered"),
      h("span", {}, "white face: shown in a battle, remembered by everyone")));
}
