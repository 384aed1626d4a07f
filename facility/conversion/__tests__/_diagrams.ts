/** draw.io and BPMN diagrams the tests write: an order's flow in each. */
import { deflateRawSync } from 'node:zlib';

const MODEL = `<mxGraphModel><root>
  <mxCell id="0"/><mxCell id="1" parent="0"/>
  <mxCell id="a" value="Order received" style="rounded=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="140" height="60" as="geometry"/></mxCell>
  <mxCell id="b" value="&lt;b&gt;In stock?&lt;/b&gt;" style="rhombus;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="250" y="30" width="120" height="80" as="geometry"/></mxCell>
  <mxCell id="c" value="发货 Ship" style="ellipse;fillColor=#d5e8d4;" vertex="1" parent="1"><mxGeometry x="450" y="40" width="120" height="60" as="geometry"/></mxCell>
  <mxCell id="e1" edge="1" parent="1" source="a" target="b" style="endArrow=classic;"><mxGeometry relative="1" as="geometry"/></mxCell>
  <mxCell id="e2" value="yes" edge="1" parent="1" source="b" target="c"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel>`;

/** A draw.io file; `compressed`: its page deflated and base64'd, as draw.io wrote until 2020. */
export function drawio(compressed = false): string {
  const page = compressed
    ? deflateRawSync(Buffer.from(encodeURIComponent(MODEL))).toString('base64')
    : MODEL;
  return `<mxfile host="test"><diagram id="p1" name="Orders">${page}</diagram></mxfile>`;
}

/** A BPMN 2.0 process: start, a task, a gateway, two ends. */
export function bpmn(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="p" isExecutable="false">
    <bpmn:startEvent id="start" name="Invoice arrives"/>
    <bpmn:task id="check" name="审核发票 Check invoice"/>
    <bpmn:exclusiveGateway id="ok" name="Valid?"/>
    <bpmn:endEvent id="paid" name="Paid"/>
    <bpmn:endEvent id="rejected" name="Rejected"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="ok"/>
    <bpmn:sequenceFlow id="f3" name="yes" sourceRef="ok" targetRef="paid"/>
    <bpmn:sequenceFlow id="f4" name="no" sourceRef="ok" targetRef="rejected"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dia"><bpmndi:BPMNPlane id="plane" bpmnElement="p">
    <bpmndi:BPMNShape id="s1" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s2" bpmnElement="check"><dc:Bounds x="190" y="78" width="120" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s3" bpmnElement="ok"><dc:Bounds x="370" y="93" width="50" height="50"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s4" bpmnElement="paid"><dc:Bounds x="480" y="100" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s5" bpmnElement="rejected"><dc:Bounds x="480" y="210" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="190" y="118"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="310" y="118"/><di:waypoint x="370" y="118"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="420" y="118"/><di:waypoint x="480" y="118"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e4" bpmnElement="f4"><di:waypoint x="395" y="143"/><di:waypoint x="395" y="228"/><di:waypoint x="480" y="228"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
