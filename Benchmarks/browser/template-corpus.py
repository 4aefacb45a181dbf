#!/usr/bin/env python3
"""Prepares a folder of public HTML in-app messages for the scenario recorders and ScriptedFixtureTests.

    python3 Benchmarks/browser/template-corpus.py -o /tmp/corpus/pages PAGE.html [PAGE.html ...]

Each PAGE.html (a template's index.html or template.html in a checkout of its repository) becomes OUT/NAME.html,
NAME being its folder names joined (`modal-rating`, `scratch-off`), with its local stylesheets (`<link
rel=stylesheet href=local.css>`) and scripts (`<script src=local.js>`) inlined and a jQuery from a CDN replaced by
Debian's (`libjs-jquery`, /usr/share/javascript/jquery/jquery.min.js), since the recorders serve the page alone and
fail every other request, as offline. Every other external script, font and image stays and fails.

Next to it goes NAME.scenario.json (Tests/Fixtures/Scripted/README.md defines the format) with generated scenarios:
`wait` (10 s after load), and for each of up to 12 controls a scenario of its own from a fresh page: a tap on it, then
3 s. For each text field, typing into it and pressing Enter; for each check box, checking it. Controls are the
elements a person would try: links, buttons, form fields, labels, `[role=button]`, `[onclick]`, `[tabindex]`, and
elements whose class or id names a control (`btn`, `button`, `close`, `next`, `prev`, `submit`, `star`, `option`,
`choice`, `cta`, `claim`, `answer`, `dot`, `card`), each named by a selector that matches it alone in the page as
written (`#id`, `tag.class`, else a path of `:nth-child` steps from the nearest element with an id).

Needs lxml and cssselect (Debian `python3-lxml python3-cssselect`, or `pip install lxml cssselect`).

The pages are others' code: write OUT outside the repository (the script refuses a folder inside it) and do not
commit it. Then record and play:

    node Benchmarks/browser/record-chromium.js --dir OUT
    OPENINAPP_SCRIPTED_FIXTURES=OUT swift test --filter ScriptedFixtureTests/testFixturesOfAnotherFolder
"""
import argparse
import json
import os
import re
import sys

import lxml.html

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), '..', '..'))
JQUERY = '/usr/share/javascript/jquery/jquery.min.js'
CONTROL_WORDS = re.compile(r'(^|[-_ ])(btn|button|close|next|prev|submit|star|option|choice|cta|claim|answer|dot|card)s?($|[-_ ])', re.I)
INTERACTIVE = {'a', 'button', 'input', 'select', 'textarea', 'label'}
IDENT = re.compile(r'^[A-Za-z_][A-Za-z0-9_-]*$')
MAX_TAPS = 12


def name_of(page):
    parts = os.path.normpath(page).split(os.sep)
    stem = os.path.splitext(parts[-1])[0]
    folders = [p for p in parts[:-1] if p not in ('', '.')]
    name = folders[-1] if stem in ('index', 'template') and folders else stem
    # A short group folder (native/, web/, modal/) tells apart templates of the same name.
    if stem in ('index', 'template') and len(folders) >= 2 and len(folders[-2]) <= 14 and 'template' not in folders[-2] \
            and re.match(r'^[a-z-]+$', folders[-2]):
        name = folders[-2] + '-' + folders[-1]
    return re.sub(r'[^A-Za-z0-9_-]+', '-', name).strip('-')


def inline(page):
    """The page's text with local stylesheets and scripts inlined and a CDN jQuery replaced by Debian's."""
    text = open(page, encoding='utf-8', errors='replace').read()
    base = os.path.dirname(page)

    def local(href):
        if re.match(r'^[a-z][a-z0-9+.-]*:|^//', href, re.I):
            return None
        path = os.path.normpath(os.path.join(base, href.split('?')[0]))
        return path if os.path.isfile(path) else None

    def script(m):
        attrs, src = m.group(1) + m.group(3), m.group(2)
        if 'jquery' in src.lower() and 'jquery' in os.path.basename(src).lower() and os.path.isfile(JQUERY):
            body = open(JQUERY, encoding='utf-8').read()
        else:
            path = local(src)
            if path is None:
                return m.group(0)
            body = open(path, encoding='utf-8', errors='replace').read()
        return '<script%s>%s</script>' % (attrs, body.replace('</script', '<\\/script'))

    def link(m):
        tag = m.group(0)
        if not re.search(r'rel\s*=\s*["\']?stylesheet', tag, re.I):
            return tag
        href = re.search(r'href\s*=\s*["\']([^"\']+)["\']', tag, re.I)
        path = local(href.group(1)) if href else None
        if path is None:
            return tag
        return '<style>%s</style>' % open(path, encoding='utf-8', errors='replace').read()

    text = re.sub(r'<script([^>]*?)\ssrc\s*=\s*["\']([^"\']+)["\']([^>]*)>\s*</script>', script, text, flags=re.I)
    text = re.sub(r'<link\b[^>]*>', link, text, flags=re.I)
    return text


def selector_for(el, root):
    """A selector that matches `el` alone in the page as written."""
    def count(sel):
        try:
            return len(root.cssselect(sel))
        except Exception:
            return 0
    ident = el.get('id')
    if ident and IDENT.match(ident) and len(root.xpath('//*[@id=$i]', i=ident)) == 1:
        return '#' + ident
    classes = [c for c in (el.get('class') or '').split() if IDENT.match(c)]
    if classes:
        sel = el.tag + ''.join('.' + c for c in classes)
        if count(sel) == 1:
            return sel
    steps = []
    node = el
    while node is not None and node.tag not in ('body', 'html'):
        parent = node.getparent()
        ident = node.get('id')
        if node is not el and ident and IDENT.match(ident) and len(root.xpath('//*[@id=$i]', i=ident)) == 1:
            steps.append('#' + ident)
            break
        index = [c for c in parent if isinstance(c.tag, str)].index(node) + 1
        steps.append('%s:nth-child(%d)' % (node.tag, index))
        node = parent
    else:
        steps.append('body')
    return ' > '.join(reversed(steps))


def controls(root):
    found = []
    for el in root.iter():
        if not isinstance(el.tag, str) or el.tag in ('script', 'style', 'template', 'head', 'html', 'body', 'meta', 'link'):
            continue
        if any(a.tag in ('head', 'template', 'script', 'style') for a in el.iterancestors()):
            continue
        if el.tag == 'input' and (el.get('type') or '').lower() == 'hidden':
            continue
        named = CONTROL_WORDS.search(el.get('class') or '') or CONTROL_WORDS.search(el.get('id') or '')
        if el.tag in INTERACTIVE or el.get('onclick') is not None or el.get('role') == 'button' \
                or el.get('tabindex') is not None or named:
            found.append(el)
    return found


def scenarios(html):
    try:
        root = lxml.html.document_fromstring(html)
    except Exception:
        return [{'name': 'wait', 'steps': [{'advance': 10}]}]
    out = [{'name': 'wait', 'steps': [{'advance': 10}]}]
    seen = set()
    taps = 0
    for el in controls(root):
        sel = selector_for(el, root)
        if sel in seen:
            continue
        seen.add(sel)
        kind = (el.get('type') or 'text').lower()
        if el.tag in ('textarea',) or (el.tag == 'input' and kind in ('text', 'email', 'tel', 'number', 'search', 'url')):
            sample = {'email': 'ada@example.com', 'tel': '5551234567', 'number': '42'}.get(kind, 'Ada')
            out.append({'name': 'type ' + sel, 'steps': [{'type': {'selector': sel, 'text': sample}},
                                                         {'press': {'key': 'Enter'}}, {'advance': 3}]})
            continue
        if el.tag == 'input' and kind == 'checkbox':
            out.append({'name': 'check ' + sel, 'steps': [{'check': {'selector': sel}}, {'advance': 3}]})
            continue
        if taps >= MAX_TAPS:
            continue
        taps += 1
        out.append({'name': 'tap ' + sel, 'steps': [{'tap': {'selector': sel}}, {'advance': 3}]})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('pages', nargs='+')
    ap.add_argument('-o', '--out', required=True)
    args = ap.parse_args()
    out = os.path.realpath(args.out)
    if out == ROOT or out.startswith(ROOT + os.sep):
        sys.exit('refusing to write others\' pages inside the repository: choose a folder outside it')
    os.makedirs(out, exist_ok=True)
    names = set()
    total = 0
    for page in args.pages:
        name = name_of(page)
        while name in names:
            name += '-2'
        names.add(name)
        html = inline(page)
        with open(os.path.join(out, name + '.html'), 'w', encoding='utf-8') as f:
            f.write(html)
        sc = scenarios(html)
        total += len(sc)
        with open(os.path.join(out, name + '.scenario.json'), 'w', encoding='utf-8') as f:
            json.dump({'vendor': 'braze', 'fixture': name + '.html', 'scenarios': sc}, f, indent=1)
    print('%d pages, %d scenarios in %s' % (len(names), total, out))


if __name__ == '__main__':
    main()
