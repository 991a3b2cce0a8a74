package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"

	"linguaport/internal/proc"
)

// kube drives the cluster `make cluster` runs, as its admin, with its kubectl.
type kube struct {
	t          *testing.T
	root       string
	kubeconfig string
	namespace  string
}

func (k *kube) run(args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(k.root, ".bin", "kube", "kubectl"), append([]string{"--kubeconfig", k.kubeconfig}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("kubectl %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

func (k *kube) must(args ...string) string {
	k.t.Helper()
	out, err := k.run(args...)
	if err != nil {
		k.t.Fatal(err)
	}
	return out
}

// get decodes `kubectl get -o json` into into.
func (k *kube) get(into any, args ...string) {
	k.t.Helper()
	if err := json.Unmarshal([]byte(k.must(append(append([]string{"-n", k.namespace, "get"}, args...), "-o", "json")...)), into); err != nil {
		k.t.Fatal(err)
	}
}

// evict asks the eviction API to evict pod, as a drain does, and answers its HTTP status.
func (k *kube) evict(pod string) (int, error) {
	body := fmt.Sprintf(`{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":%q,"namespace":%q}}`, pod, k.namespace)
	f, err := os.CreateTemp("", "eviction-*.json")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	f.WriteString(body)
	f.Close()
	out, err := k.run("create", "--raw", "/api/v1/namespaces/"+k.namespace+"/pods/"+pod+"/eviction", "-f", f.Name())
	if err == nil {
		return 201, nil
	}
	if strings.Contains(out, "TooManyRequests") || strings.Contains(out, "disruption budget") {
		return 429, nil
	}
	return 0, err
}

// waitAvailable waits until every replica of the Deployment is Ready again.
func waitAvailable(t *testing.T, k *kube, name string) {
	t.Helper()
	if err := proc.WaitFor(3*time.Minute, func() error {
		var d appsv1.Deployment
		k.get(&d, "deployment", name)
		return rolledOut(d)
	}); err != nil {
		t.Fatal(err)
	}
}

// rolledOut is nil when every replica the Deployment asks for runs its template and is Ready,
// and no other pod of it is left.
func rolledOut(d appsv1.Deployment) error {
	want := *d.Spec.Replicas
	if d.Status.ReadyReplicas < want || d.Status.UpdatedReplicas < want || d.Status.Replicas != want {
		return fmt.Errorf("%s: %d of %d ready", d.Name, d.Status.ReadyReplicas, want)
	}
	return nil
}

// waitSettled waits until the deployment has settled: skaffold's status check passes once each
// Deployment's first pod is Ready, but a Deployment leaves its replicas to its autoscaler, which
// only then raises them to its minimum (two), so a second pod may still be starting.
func waitSettled(t *testing.T, k *kube) {
	t.Helper()
	if err := proc.WaitFor(3*time.Minute, func() error {
		var hpas autoscalingv2.HorizontalPodAutoscalerList
		k.get(&hpas, "hpa")
		least := map[string]int32{}
		for _, h := range hpas.Items {
			if h.Spec.MinReplicas != nil {
				least[h.Spec.ScaleTargetRef.Name] = *h.Spec.MinReplicas
			}
		}
		var ds appsv1.DeploymentList
		k.get(&ds, "deployments")
		for _, d := range ds.Items {
			if *d.Spec.Replicas < least[d.Name] {
				return fmt.Errorf("%s: %d replicas, its autoscaler's minimum is %d", d.Name, *d.Spec.Replicas, least[d.Name])
			}
			if err := rolledOut(d); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
