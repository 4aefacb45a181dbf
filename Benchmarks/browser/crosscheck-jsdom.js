#!/usr/bin/env node
'use strict';
// Runs every scripted fixture scenario in jsdom and compares its record with Chromium's expected record.
//
//   nice -n 10 node Benchmarks/browser/crosscheck-jsdom.js [--json] [--events] [NAME ...]
//
// For each scenario: "same", or the entries only Chromium produced (-) and only jsdom produced (+), and the
// steps whose outcome (reachable or not, and why) differs; --events compares the input events too (those are
// synthesised by jsdom-harness.js, so that compares the harness with Chromium more than jsdom). Entries are compared with their step number, so an
// entry that moved to another step shows as one - and one +. Error messages are compared by name only (each
// engine words them its own way). jsdom's "not implemented" notices are listed after the record.
const fs = require('fs');
const path = require('path');
const { JsdomPage } = require('./jsdom-harness');

const DIR = path.resolve(__dirname, '..', '..', 'Tests', 'Fixtures', 'Scripted');

function key(e) {
  const c = Object.assign({}, e);
  if (c.kind === 'error') { delete c.message; delete c.line; delete c.column; }
  delete c.trusted; // events jsdom-harness dispatches are untrusted (isTrusted false) by construction
  return JSON.stringify(c);
}

// Longest common subsequence over entry keys: what each side has that the other lacks, in order.
function diff(a, b) {
  const ka = a.map(key), kb = b.map(key);
  const n = ka.length, m = kb.length;
  const L = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = ka[i] === kb[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const out = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && ka[i] === kb[j]) { i++; j++; }
    else if (j >= m || (i < n && L[i + 1][j] >= L[i][j + 1])) out.push('- ' + ka[i++]);
    else out.push('+ ' + kb[j++]);
  }
  return out;
}

async function main(argv) {
  const json = argv.includes('--json');
  const events = argv.includes('--events');
  const names = argv.filter((a) => !a.startsWith('--'));
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.scenario.json'))
    .filter((f) => !names.length || names.includes(f.replace('.scenario.json', ''))).sort();
  const summary = [];
  for (const f of files) {
    const name = f.replace('.scenario.json', '');
    const spec = JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
    const expected = JSON.parse(fs.readFileSync(path.join(DIR, 'expected', name + '.json'), 'utf8'));
    for (const scenario of spec.scenarios) {
      const chromium = expected.scenarios.find((s) => s.name === scenario.name);
      const page = await JsdomPage.open(path.join(DIR, spec.fixture), {
        braze: (scenario.braze !== undefined ? scenario.braze : spec.braze) !== false,
        messageHandlers: scenario.messageHandlers || spec.messageHandlers || [] });
      const outcomes = [];
      for (let i = 0; i < scenario.steps.length; i++) {
        page.step = i + 1;
        outcomes.push(await page.run(scenario.steps[i]));
      }
      page.close();
      const d = chromium ? diff(chromium.record, page.record) : ['(no Chromium record)'];
      if (events && chromium) d.push(...diff(chromium.events, page.events).map((line) => line.replace(/^([-+]) /, '$1 event ')));
      const stepDiffs = [];
      outcomes.forEach((o, i) => {
        const c = chromium && chromium.steps[i + 1] ? chromium.steps[i + 1].outcome : null;
        if (JSON.stringify(c) !== JSON.stringify(o)) stepDiffs.push(`step ${i + 1} ${JSON.stringify(scenario.steps[i])}: chromium ${JSON.stringify(c)}, jsdom ${JSON.stringify(o)}`);
      });
      const notes = [...new Set(page.notes.map((n) => n.jsdomError))];
      summary.push({ fixture: name, scenario: scenario.name, same: !d.length && !stepDiffs.length, record: d, steps: stepDiffs, notes });
    }
  }
  if (json) { console.log(JSON.stringify(summary, null, 1)); return; }
  for (const s of summary) {
    console.log(`${s.same ? 'same   ' : 'DIFFERS'} ${s.fixture} / ${s.scenario}`);
    for (const line of s.steps) console.log('    ' + line);
    for (const line of s.record) console.log('    ' + line);
    for (const n of s.notes) console.log('    jsdom: ' + n);
  }
  const same = summary.filter((s) => s.same).length;
  console.log(`\n${same} of ${summary.length} scenarios give the same record${events ? " and input events" : ""} in jsdom as in Chromium`);
}

main(process.argv.slice(2)).catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
