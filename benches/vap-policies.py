#!/usr/bin/env python3
"""Writes the policies file of BENCHMARKS.md "Admission policies run on the 10,000-resource
workload (issue 32)": 20 ValidatingAdmissionPolicies, each bound with `validationActions:
[Deny]` to every object (CREATE, UPDATE), each with one variable and three validations with a
`messageExpression`; all admit the workload's objects.

    python3 benches/vap-policies.py > /tmp/vap-policies.yaml
    python3 benches/vap-policies.py --deny > /tmp/vap-policies-deny.yaml   # every 5th denies

`--deny` makes every fifth policy's second validation fail on every object (a name length
limit of 1), so the denying path (messages from `messageExpression`) is compared too."""
import sys

deny = "--deny" in sys.argv[1:]
docs = []
for i in range(20):
    limit = 1 if deny and i % 5 == 0 else 253
    docs.append(f"""apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: bench-policy-{i:02}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups: ["*"]
        apiVersions: ["*"]
        operations: [CREATE, UPDATE]
        resources: ["*"]
  variables:
    - name: labels
      expression: "has(object.metadata.labels) ? object.metadata.labels : {{}}"
  validations:
    - expression: "has(object.metadata.name) && object.metadata.name != ''"
      messageExpression: "'policy {i} needs a name on ' + request.operation"
    - expression: "size(object.metadata.name) <= {limit} && variables.labels.all(k, size(k) <= 317)"
      messageExpression: "'name ' + object.metadata.name + ' too long for policy {i}'"
    - expression: "request.operation != 'DELETE' && !(has(object.metadata.annotations) && 'bench.example.com/forbidden-{i}' in object.metadata.annotations)"
      messageExpression: "'annotation bench.example.com/forbidden-{i} is set on ' + object.metadata.name"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: bench-binding-{i:02}
spec:
  policyName: bench-policy-{i:02}
  validationActions: [Deny]
""")
sys.stdout.write("---\n".join(docs))
