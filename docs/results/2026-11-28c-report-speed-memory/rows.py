# Compares the lab tables' modelled times of two `culab run` output folders
# (each notebook's markdown table rows: size, variant, modelled ms).
# usage: python3 rows.py BEFORE_DIR AFTER_DIR
import glob, json, os, sys


def rows(path):
    out = {}
    for c in json.load(open(path))['cells']:
        for o in c.get('outputs', []):
            for line in ''.join(o.get('data', {}).get('text/markdown', []) or []).split('\n'):
                f = [x.strip() for x in line.split('|')]
                if len(f) > 4 and f[1] and f[1][0].isdigit() and '&lt;' not in f[2]:
                    out[(f[1], f[2].strip('*'))] = f[3].strip('*')
    return out


before, after = sys.argv[1], sys.argv[2]
for nb in sorted(glob.glob(os.path.join(before, '0*.ipynb'))):
    b, a = rows(nb), rows(os.path.join(after, os.path.basename(nb)))
    diff = [(k, b[k], a.get(k)) for k in b if a.get(k) != b[k]]
    print(os.path.basename(nb), 'rows', len(b), 'same modeled', len(b) - len(diff), 'differ', len(diff))
    for x in diff:
        print('   ', x)
