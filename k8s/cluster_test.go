package k8s

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// clusterKubectl runs the cluster's kubectl as its admin (make cluster); e2e/cluster_test.go
// has the product's own flows on the same cluster.
func clusterKubectl(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("../.bin/kube/kubectl", append([]string{"--kubeconfig", "../.data/cluster/kubeconfig/admin.conf"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestClusterEnforcesTheArchitecture probes, on the running cluster, every connection between
// the local overlay's pods, from a live pod of each workload: what the architecture allows (the
// same connections TestLocalPoliciesAdmitExactlyTheConnections derives from the manifests and
// holds the policies to) must connect, and every other port of every other pod, the Kubernetes
// API and the node's own must not. The probe runs as an ephemeral container in the source pod
// (kubectl debug), so the connection leaves from that pod's network and kube-router decides.
// make test-cluster runs it (CLUSTER_TEST=1) after deploying the overlay.
func TestClusterEnforcesTheArchitecture(t *testing.T) {
	if os.Getenv("CLUSTER_TEST") == "" {
		t.Skip("make test-cluster runs this against the cluster make cluster starts")
	}
	const probeImage = "localhost/linguaport/probe:local"
	build := exec.Command("../cluster/images/build.sh", "cluster/images/probe/Dockerfile")
	build.Env = append(os.Environ(), "IMAGE="+probeImage)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the probe: %v\n%s", err, out)
	}

	programs := append(goServices(t), "webui")
	local := buildLocal(t)
	eps := endpoints(t, local, programs)
	// Between the app's programs, from them to the servers (and back), among the servers.
	internal, external, among, _ := architecture(t, local, eps, programs)
	allowed := map[conn]bool{}
	for _, set := range []map[conn]bool{internal, external, among} {
		for c := range maps.Keys(set) {
			allowed[c] = true
		}
	}

	// A live pod of each workload the overlay runs, by its template's labels.
	var live []struct {
		endpoint
		pod corev1.Pod
	}
	for _, e := range eps {
		if !e.built {
			continue
		}
		var pods corev1.PodList
		var sel []string
		for _, k := range slices.Sorted(maps.Keys(e.labels)) {
			sel = append(sel, k+"="+e.labels[k])
		}
		if err := json.Unmarshal([]byte(clusterKubectl(t, "-n", "linguaport", "get", "pods", "-l", strings.Join(sel, ","),
			"--field-selector=status.phase=Running", "-o", "json")), &pods); err != nil {
			t.Fatal(err)
		}
		// The workload's own pods, Ready: not a Job's run from the same template (e2e's
		// create-user Job borrows svc-auth's labels to reach the database).
		i := slices.IndexFunc(pods.Items, func(p corev1.Pod) bool {
			ready := slices.ContainsFunc(p.Status.Conditions, func(c corev1.PodCondition) bool {
				return c.Type == corev1.PodReady && c.Status == corev1.ConditionTrue
			})
			return ready && p.DeletionTimestamp == nil && !slices.ContainsFunc(p.OwnerReferences, func(o metav1.OwnerReference) bool { return o.Kind == "Job" })
		})
		if i < 0 {
			t.Fatalf("no Ready pod of %s (is the local overlay deployed?)", e.name)
		}
		live = append(live, struct {
			endpoint
			pod corev1.Pod
		}{e, pods.Items[i]})
	}
	var dns corev1.PodList
	if err := json.Unmarshal([]byte(clusterKubectl(t, "-n", "kube-system", "get", "pods", "-l", "k8s-app=kube-dns", "-o", "json")), &dns); err != nil || len(dns.Items) == 0 {
		t.Fatalf("no CoreDNS pod: %v", err)
	}
	nodeIP := dns.Items[0].Status.HostIP

	stamp := time.Now().Unix()
	for _, src := range live {
		t.Run(src.name, func(t *testing.T) {
			want := map[string]bool{} // address → must connect
			label := map[string]string{}
			for _, dst := range live {
				if dst.name == src.name {
					continue
				}
				for _, p := range dst.ports {
					if p.Protocol != corev1.ProtocolTCP {
						continue
					}
					addr := fmt.Sprintf("%s:%d", dst.pod.Status.PodIP, p.ContainerPort)
					want[addr] = allowed[conn{src.name, dst.name, p.ContainerPort, corev1.ProtocolTCP}]
					label[addr] = fmt.Sprintf("%s → %s:%d", src.name, dst.name, p.ContainerPort)
				}
			}
			// Every pod may ask the cluster's DNS (the namespace's dns policy); none may reach
			// the Kubernetes API, by its Service or on the node, nor the kubelet.
			for addr, must := range map[string]bool{
				dns.Items[0].Status.PodIP + ":53": true,
				"10.96.0.1:443":                   false,
				nodeIP + ":6443":                  false,
				nodeIP + ":10250":                 false,
			} {
				want[addr] = must
				label[addr] = src.name + " → " + addr
			}
			got := probe(t, src.pod, fmt.Sprintf("probe-%d", stamp), probeImage, slices.Sorted(maps.Keys(want)))
			allowedN, refusedN := 0, 0
			for addr, must := range want {
				ok, seen := got[addr]
				switch {
				case !seen:
					t.Errorf("%s: no answer from the probe", label[addr])
				case must && !ok:
					t.Errorf("%s is refused, but the architecture needs it", label[addr])
				case !must && ok:
					t.Errorf("%s connects, but nothing needs it", label[addr])
				case must:
					allowedN++
				default:
					refusedN++
				}
			}
			t.Logf("%d connections made, %d refused as they should be", allowedN, refusedN)
		})
	}
}

// probe runs cluster/images/probe in pod as an ephemeral container named name and answers, for
// each address, whether a TCP connection was made.
func probe(t *testing.T, pod corev1.Pod, name, image string, addrs []string) map[string]bool {
	t.Helper()
	clusterKubectl(t, append([]string{"-n", pod.Namespace, "debug", "pod/" + pod.Name, "--image=" + image,
		"--image-pull-policy=Never", "--profile=restricted", "--container=" + name, "--", "/probe"}, addrs...)...)
	deadline := time.Now().Add(90 * time.Second)
	for {
		var p corev1.Pod
		if err := json.Unmarshal([]byte(clusterKubectl(t, "-n", pod.Namespace, "get", "pod", pod.Name, "-o", "json")), &p); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(p.Status.EphemeralContainerStatuses, func(s corev1.ContainerStatus) bool { return s.Name == name })
		if i >= 0 && p.Status.EphemeralContainerStatuses[i].State.Terminated != nil {
			break
		}
		if i >= 0 && p.Status.EphemeralContainerStatuses[i].State.Waiting != nil && p.Status.EphemeralContainerStatuses[i].State.Waiting.Reason == "RunContainerError" {
			t.Fatalf("the probe in %s did not start: %s", pod.Name, p.Status.EphemeralContainerStatuses[i].State.Waiting.Message)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the probe in %s did not finish: %+v", pod.Name, p.Status.EphemeralContainerStatuses)
		}
		time.Sleep(time.Second)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(clusterKubectl(t, "-n", pod.Namespace, "logs", pod.Name, "-c", name)), "\n") {
		addr, verdict, _ := strings.Cut(line, " ")
		out[addr] = verdict == "ok"
	}
	return out
}
