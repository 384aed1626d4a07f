import { readFileSync } from 'node:fs';
import { parseXml, descendants } from '../facility/conversion/xml-tree.ts';
const r = parseXml(readFileSync('/tmp/ofd-scratch/flow.bpmn'))!;
console.log(r.name, descendants(r, 'BPMNPlane').length, descendants(r).map(e => e.name).join(','));
