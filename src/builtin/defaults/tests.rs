//! Expected values read from kubernetes/kubernetes: `pkg/apis/core/v1/defaults_test.go`
//! (`TestWorkloadDefaults`, `TestPodDefaults`, `TestSetDefaultService*`,
//! `TestSetDefaultNamespace*`, `TestSetDefaultSecret`), `pkg/apis/apps/v1/defaults_test.go`
//! (`TestSetDefaultDeployment`, `TestSetDefaultStatefulSet`, `TestSetDefaultDaemonSetSpec`),
//! `pkg/apis/batch/v1/defaults_test.go` (`TestSetDefaultJob`, `TestSetDefaultCronJob`) and
//! `pkg/apis/networking/v1/defaults_test.go` (`TestSetDefaultNetworkPolicy`), master and the
//! release branches where a default depends on the minor (rows of `k8s::behavior`).

use serde_json::{json, Value as J};

use super::pod::image_pull_policy;
use super::*;
use crate::k8s::KubeVersion;

fn at(minor: u32, yaml: &str) -> J {
    let mut n = crate::yaml::load(yaml).remove(0).root.expect("a document");
    apply(&mut n, Behavior::of(KubeVersion { minor }));
    // Applying the defaulters again changes nothing (the server defaults after each MAP
    // mutation too).
    let once = n.to_json();
    apply(&mut n, Behavior::of(KubeVersion { minor }));
    assert_eq!(n.to_json(), once, "defaulting twice differs from once");
    once
}

fn newest(yaml: &str) -> J {
    at(KubeVersion::NEWEST.minor, yaml)
}

const DEPLOYMENT: &str = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
";

#[test]
fn deployment_spec_and_its_pod_template() {
    let d = newest(DEPLOYMENT);
    let spec = &d["spec"];
    assert_eq!(spec["replicas"], 1);
    assert_eq!(
        spec["strategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}})
    );
    assert_eq!(spec["revisionHistoryLimit"], 10);
    assert_eq!(spec["progressDeadlineSeconds"], 600);
    let pod = &spec["template"]["spec"];
    assert_eq!(pod["restartPolicy"], "Always");
    assert_eq!(pod["dnsPolicy"], "ClusterFirst");
    assert_eq!(pod["terminationGracePeriodSeconds"], 30);
    assert_eq!(pod["schedulerName"], "default-scheduler");
    assert_eq!(pod["securityContext"], json!({}));
    // Pod-only defaults are not applied to templates (SetDefaults_Pod).
    assert!(pod.get("enableServiceLinks").is_none());
    let c = &pod["containers"][0];
    assert_eq!(c["imagePullPolicy"], "Always");
    assert_eq!(c["terminationMessagePath"], "/dev/termination-log");
    assert_eq!(c["terminationMessagePolicy"], "File");
}

#[test]
fn written_values_are_kept() {
    let d = newest(
        "apiVersion: apps/v1
kind: Deployment
spec:
  replicas: 0
  strategy: {type: Recreate}
  revisionHistoryLimit: 2
  template:
    spec:
      restartPolicy: Never
      terminationGracePeriodSeconds: 0
      containers:
      - {name: a, image: 'nginx:latest', imagePullPolicy: Never}
",
    );
    let spec = &d["spec"];
    assert_eq!(spec["replicas"], 0);
    // Recreate gets no rollingUpdate.
    assert_eq!(spec["strategy"], json!({"type": "Recreate"}));
    assert_eq!(spec["revisionHistoryLimit"], 2);
    assert_eq!(spec["template"]["spec"]["restartPolicy"], "Never");
    assert_eq!(spec["template"]["spec"]["terminationGracePeriodSeconds"], 0);
    assert_eq!(
        spec["template"]["spec"]["containers"][0]["imagePullPolicy"],
        "Never"
    );
}

/// `TestWorkloadDefaults`: the defaults inside a PodTemplateSpec.
#[test]
fn pod_template_nested_defaults() {
    let d = newest(
        "apiVersion: v1
kind: PodTemplate
template:
  spec:
    containers:
    - name: a
      image: registry.k8s.io/pause:3.9
      ports: [{containerPort: 80}]
      env: [{name: N, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
      livenessProbe: {httpGet: {port: 80}}
      readinessProbe: {tcpSocket: {port: 80}, periodSeconds: 5}
      lifecycle: {preStop: {httpGet: {port: 8080}}}
    initContainers: [{name: i, image: busybox}]
    volumes:
    - name: scratch
    - {name: s, secret: {secretName: s}}
    - {name: c, configMap: {name: c}}
    - {name: h, hostPath: {path: /tmp}}
    - {name: d, downwardAPI: {items: [{path: p, fieldRef: {fieldPath: metadata.name}}]}}
    - name: p
      projected:
        sources: [{serviceAccountToken: {path: token}}]
    - {name: e, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce]}}}}
",
    );
    let spec = &d["template"]["spec"];
    let c = &spec["containers"][0];
    assert_eq!(c["imagePullPolicy"], "IfNotPresent");
    assert_eq!(c["ports"][0]["protocol"], "TCP");
    assert!(c["ports"][0].get("hostPort").is_none());
    assert_eq!(c["env"][0]["valueFrom"]["fieldRef"]["apiVersion"], "v1");
    assert_eq!(
        c["livenessProbe"],
        json!({"httpGet": {"port": 80, "path": "/", "scheme": "HTTP"}, "timeoutSeconds": 1,
               "periodSeconds": 10, "successThreshold": 1, "failureThreshold": 3})
    );
    assert_eq!(c["readinessProbe"]["periodSeconds"], 5);
    assert_eq!(
        c["lifecycle"]["preStop"]["httpGet"],
        json!({"port": 8080, "path": "/", "scheme": "HTTP"})
    );
    assert_eq!(spec["initContainers"][0]["imagePullPolicy"], "Always");
    let v = &spec["volumes"];
    assert_eq!(v[0], json!({"name": "scratch", "emptyDir": {}}));
    assert_eq!(v[1]["secret"]["defaultMode"], 420);
    assert_eq!(v[2]["configMap"]["defaultMode"], 420);
    assert_eq!(v[3]["hostPath"]["type"], "");
    assert_eq!(v[4]["downwardAPI"]["defaultMode"], 420);
    assert_eq!(
        v[4]["downwardAPI"]["items"][0]["fieldRef"]["apiVersion"],
        "v1"
    );
    assert_eq!(v[5]["projected"]["defaultMode"], 420);
    assert_eq!(
        v[5]["projected"]["sources"][0]["serviceAccountToken"]["expirationSeconds"],
        3600
    );
    assert_eq!(
        v[6]["ephemeral"]["volumeClaimTemplate"]["spec"]["volumeMode"],
        "Filesystem"
    );
}

/// `TestPodDefaults` and `TestSetDefaultRequestsPod`: what a Pod gets that a template does
/// not.
#[test]
fn pod_only_defaults() {
    let p = newest(
        "apiVersion: v1
kind: Pod
spec:
  containers:
  - name: a
    image: nginx
    resources:
      limits: {cpu: 100m, memory: 1Gi}
      requests: {cpu: 50m}
",
    );
    assert_eq!(p["spec"]["enableServiceLinks"], true);
    assert_eq!(
        p["spec"]["containers"][0]["resources"]["requests"],
        json!({"cpu": "50m", "memory": "1Gi"})
    );
}

/// `DefaultHostNetworkHostPortsInPodTemplates` (off from 1.28): host ports of a hostNetwork
/// pod template are defaulted up to 1.27 only; a Pod's always.
#[test]
fn host_network_ports_per_minor() {
    let template = |minor| {
        at(
            minor,
            "apiVersion: apps/v1
kind: DaemonSet
spec:
  template:
    spec:
      hostNetwork: true
      containers: [{name: a, image: x, ports: [{containerPort: 9100}]}]
",
        )["spec"]["template"]["spec"]["containers"][0]["ports"][0]
            .clone()
    };
    assert_eq!(template(27)["hostPort"], 9100);
    assert!(template(28).get("hostPort").is_none());
    let pod = at(
        28,
        "apiVersion: v1
kind: Pod
spec:
  hostNetwork: true
  containers: [{name: a, image: x, ports: [{containerPort: 9100, hostPort: 0}]}]
",
    );
    assert_eq!(pod["spec"]["containers"][0]["ports"][0]["hostPort"], 9100);
}

/// k8s.io/kubernetes `pkg/util/parsers.ParseImageName`: no tag and no digest means `latest`;
/// a reference that does not parse has no tag.
#[test]
fn image_pull_policies() {
    for (image, policy) in [
        ("nginx", "Always"),
        ("nginx:latest", "Always"),
        ("docker.io/library/nginx", "Always"),
        ("localhost:5000/team/app", "Always"),
        ("nginx:1.25", "IfNotPresent"),
        ("registry.k8s.io:443/pause:3.9", "IfNotPresent"),
        (
            "nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            "IfNotPresent",
        ),
        (
            "nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            "Always",
        ),
        ("", "IfNotPresent"),
        ("NGINX", "IfNotPresent"),
        ("nginx:", "IfNotPresent"),
        ("{{ .Values.image }}", "IfNotPresent"),
        ("a__b/c-d.e", "Always"),
        ("my-registry.example.com:5000/a--b", "Always"),
        ("a___b", "IfNotPresent"),
    ] {
        assert_eq!(image_pull_policy(image), policy, "{image}");
    }
}

/// `TestSetDefaultService`, `TestSetDefaultServiceSessionAffinity`,
/// `TestSetDefaultServiceTargetPort`, `TestSetDefaultServiceExternalTraffic`,
/// `TestSetDefaultServiceInternalTrafficPolicy`, `TestSetDefaultServiceLoadbalancerNodePortsEnabled`.
#[test]
fn service() {
    let s = newest("apiVersion: v1\nkind: Service\nspec:\n  ports: [{port: 80}, {port: 443, targetPort: https}]\n  sessionAffinityConfig: {clientIP: {timeoutSeconds: 5}}\n");
    let spec = &s["spec"];
    assert_eq!(spec["type"], "ClusterIP");
    assert_eq!(spec["sessionAffinity"], "None");
    // SessionAffinity None clears the config.
    assert!(spec.get("sessionAffinityConfig").is_none());
    assert_eq!(
        spec["ports"][0],
        json!({"port": 80, "protocol": "TCP", "targetPort": 80})
    );
    assert_eq!(spec["ports"][1]["targetPort"], "https");
    assert_eq!(spec["internalTrafficPolicy"], "Cluster");
    assert!(spec.get("externalTrafficPolicy").is_none());
    assert!(spec.get("allocateLoadBalancerNodePorts").is_none());
    // What the registry allocates is not defaulting.
    for k in ["clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"] {
        assert!(spec.get(k).is_none(), "{k}");
    }

    let lb = newest("apiVersion: v1\nkind: Service\nspec:\n  type: LoadBalancer\n  sessionAffinity: ClientIP\n  ports: [{port: 80, targetPort: 0}]\n");
    let spec = &lb["spec"];
    assert_eq!(spec["externalTrafficPolicy"], "Cluster");
    assert_eq!(spec["internalTrafficPolicy"], "Cluster");
    assert_eq!(spec["allocateLoadBalancerNodePorts"], true);
    assert_eq!(spec["ports"][0]["targetPort"], 80);
    assert_eq!(
        spec["sessionAffinityConfig"],
        json!({"clientIP": {"timeoutSeconds": 10800}})
    );

    let ext = newest(
        "apiVersion: v1\nkind: Service\nspec:\n  type: ExternalName\n  externalName: example.com\n",
    );
    assert!(ext["spec"].get("internalTrafficPolicy").is_none());
    assert!(ext["spec"].get("externalTrafficPolicy").is_none());

    let ips = newest("apiVersion: v1\nkind: Service\nspec:\n  externalIPs: [192.0.2.1]\n");
    assert_eq!(ips["spec"]["externalTrafficPolicy"], "Cluster");
}

/// `TestSetDefaultStatefulSet` per minor: the PVC retention policy from 1.27
/// (StatefulSetAutoDeletePVC), `maxUnavailable` from 1.35 (MaxUnavailableStatefulSet).
#[test]
fn stateful_set_per_minor() {
    let yaml = "apiVersion: apps/v1
kind: StatefulSet
spec:
  serviceName: db
  template: {spec: {containers: [{name: db, image: 'postgres:16'}]}}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce]}
";
    let s26 = at(26, yaml);
    let s27 = at(27, yaml);
    let s34 = at(34, yaml);
    let s35 = at(35, yaml);
    assert!(s26["spec"]
        .get("persistentVolumeClaimRetentionPolicy")
        .is_none());
    assert_eq!(
        s27["spec"]["persistentVolumeClaimRetentionPolicy"],
        json!({"whenDeleted": "Retain", "whenScaled": "Retain"})
    );
    assert_eq!(
        s34["spec"]["updateStrategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 0}})
    );
    assert_eq!(
        s35["spec"]["updateStrategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 0, "maxUnavailable": 1}})
    );
    let spec = &s35["spec"];
    assert_eq!(spec["podManagementPolicy"], "OrderedReady");
    assert_eq!(spec["replicas"], 1);
    assert_eq!(spec["revisionHistoryLimit"], 10);
    assert_eq!(
        spec["volumeClaimTemplates"][0]["spec"]["volumeMode"],
        "Filesystem"
    );
    assert_eq!(
        spec["volumeClaimTemplates"][0]["status"],
        json!({"phase": "Pending"})
    );

    // A written RollingUpdate type without rollingUpdate gets none.
    let typed = newest(
        "apiVersion: apps/v1\nkind: StatefulSet\nspec:\n  updateStrategy: {type: RollingUpdate}\n",
    );
    assert_eq!(
        typed["spec"]["updateStrategy"],
        json!({"type": "RollingUpdate"})
    );
}

#[test]
fn daemon_set_and_replica_set() {
    let d = newest(
        "apiVersion: apps/v1\nkind: DaemonSet\nspec: {template: {spec: {containers: []}}}\n",
    );
    assert_eq!(
        d["spec"]["updateStrategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": 0}})
    );
    assert_eq!(d["spec"]["revisionHistoryLimit"], 10);
    let r = newest("apiVersion: apps/v1\nkind: ReplicaSet\nspec: {template: {spec: {}}}\n");
    assert_eq!(r["spec"]["replicas"], 1);
    assert_eq!(r["spec"]["template"]["spec"]["restartPolicy"], "Always");
}

/// `TestSetDefaultJob` per minor: `podReplacementPolicy` and `manualSelector` from 1.29.
#[test]
fn job_per_minor() {
    let yaml = "apiVersion: batch/v1
kind: Job
metadata: {name: j}
spec:
  template:
    metadata: {labels: {app: j}}
    spec:
      restartPolicy: Never
      containers: [{name: j, image: busybox}]
";
    let j28 = at(28, yaml);
    let j29 = at(29, yaml);
    for k in ["podReplacementPolicy", "manualSelector"] {
        assert!(j28["spec"].get(k).is_none(), "{k}");
    }
    assert_eq!(j29["spec"]["podReplacementPolicy"], "TerminatingOrFailed");
    assert_eq!(j29["spec"]["manualSelector"], false);
    let spec = &j29["spec"];
    assert_eq!(spec["completions"], 1);
    assert_eq!(spec["parallelism"], 1);
    assert_eq!(spec["backoffLimit"], 6);
    assert_eq!(spec["completionMode"], "NonIndexed");
    assert_eq!(spec["suspend"], false);
    // The template's labels become the Job's.
    assert_eq!(j29["metadata"]["labels"], json!({"app": "j"}));

    let parallel = newest(
        "apiVersion: batch/v1
kind: Job
metadata: {name: j, labels: {own: x}}
spec:
  parallelism: 3
  backoffLimitPerIndex: 1
  completionMode: Indexed
  completions: 4
  podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}]}
  template: {metadata: {labels: {app: j}}, spec: {}}
",
    );
    let spec = &parallel["spec"];
    assert_eq!(spec["completions"], 4);
    assert_eq!(spec["backoffLimit"], 2147483647);
    assert_eq!(spec["podReplacementPolicy"], "Failed");
    assert_eq!(
        spec["podFailurePolicy"]["rules"][0]["onPodConditions"][0]["status"],
        "True"
    );
    assert_eq!(parallel["metadata"]["labels"], json!({"own": "x"}));

    let only_parallelism = newest("apiVersion: batch/v1\nkind: Job\nspec: {parallelism: 2}\n");
    assert!(only_parallelism["spec"].get("completions").is_none());
}

/// `TestSetDefaultCronJob`: the job template's pod template is defaulted, the job template
/// itself is not a Job.
#[test]
fn cron_job() {
    let c = newest(
        "apiVersion: batch/v1
kind: CronJob
spec:
  schedule: '@daily'
  jobTemplate:
    spec:
      template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}
",
    );
    let spec = &c["spec"];
    assert_eq!(spec["concurrencyPolicy"], "Allow");
    assert_eq!(spec["suspend"], false);
    assert_eq!(spec["successfulJobsHistoryLimit"], 3);
    assert_eq!(spec["failedJobsHistoryLimit"], 1);
    let job = &spec["jobTemplate"]["spec"];
    assert!(job.get("backoffLimit").is_none());
    assert_eq!(job["template"]["spec"]["dnsPolicy"], "ClusterFirst");
    assert_eq!(job["template"]["spec"]["restartPolicy"], "OnFailure");
}

/// `TestSetDefaultNetworkPolicy`.
#[test]
fn network_policy() {
    let ingress = newest("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nspec:\n  podSelector: {}\n  ingress: [{ports: [{port: 53}]}]\n");
    assert_eq!(ingress["spec"]["policyTypes"], json!(["Ingress"]));
    assert_eq!(ingress["spec"]["ingress"][0]["ports"][0]["protocol"], "TCP");
    let egress = newest("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nspec:\n  podSelector: {}\n  egress: [{}]\n");
    assert_eq!(egress["spec"]["policyTypes"], json!(["Ingress", "Egress"]));
    let written = newest("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nspec:\n  podSelector: {}\n  policyTypes: [Egress]\n");
    assert_eq!(written["spec"]["policyTypes"], json!(["Egress"]));
}

#[test]
fn core_kinds() {
    let s = newest("apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n");
    assert_eq!(s["type"], "Opaque");
    let ns = newest("apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n");
    assert_eq!(
        ns["metadata"]["labels"],
        json!({"kubernetes.io/metadata.name": "team-a"})
    );
    // Nameless (generateName) namespaces get no label.
    let gen = newest("apiVersion: v1\nkind: Namespace\nmetadata: {generateName: t-}\n");
    assert!(gen["metadata"].get("labels").is_none());
    let pvc = newest(
        "apiVersion: v1\nkind: PersistentVolumeClaim\nspec: {accessModes: [ReadWriteOnce]}\n",
    );
    assert_eq!(pvc["spec"]["volumeMode"], "Filesystem");
    assert!(pvc.get("status").is_none());
    let cm = newest("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");
    assert_eq!(
        cm,
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}})
    );
    let rc = newest("apiVersion: v1\nkind: ReplicationController\nspec:\n  template: {metadata: {labels: {app: a}}, spec: {}}\n");
    assert_eq!(rc["spec"]["selector"], json!({"app": "a"}));
    assert_eq!(rc["metadata"]["labels"], json!({"app": "a"}));
    assert_eq!(rc["spec"]["replicas"], 1);
}

/// Values of the wrong type are left to validation; nothing panics.
#[test]
fn wrong_types_are_left_alone() {
    for yaml in [
        "apiVersion: apps/v1\nkind: Deployment\nspec: 5\n",
        "apiVersion: apps/v1\nkind: Deployment\nspec: {strategy: x, template: {spec: {containers: x}}}\n",
        "apiVersion: v1\nkind: Pod\nspec: {containers: [1, {ports: x, livenessProbe: 3, resources: {limits: 1}}], volumes: [x]}\n",
        "apiVersion: v1\nkind: Service\nspec: {ports: [{port: x}], type: 3}\n",
        "apiVersion: batch/v1\nkind: Job\nspec: {template: {metadata: {labels: 3}}}\n",
        "apiVersion: v1\nkind: Namespace\nmetadata: {name: a, labels: 3}\n",
        "apiVersion: v1\nkind: Pod\n",
        "- 1\n",
    ] {
        let _ = newest(yaml);
    }
    let d = newest("apiVersion: apps/v1\nkind: Deployment\nspec: {strategy: x}\n");
    assert_eq!(d["spec"]["strategy"], "x");
}
