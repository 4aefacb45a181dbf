// Records what Node's WHATWG implementations (URL, URLSearchParams, atob/btoa, TextEncoder/TextDecoder,
// structuredClone, crypto) give for every expression of cases.js, into expected.txt:
//   node Tests/Fixtures/WebAPIs/record-node.js > Tests/Fixtures/WebAPIs/expected.txt
const fs = require('fs');
const path = require('path');
eval(fs.readFileSync(path.join(__dirname, 'cases.js'), 'utf8'));
console.log(out.join('\n'));
