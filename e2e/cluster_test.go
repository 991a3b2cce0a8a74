package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	cri "k8s.io/cri-api/pkg/apis/runtime/v1"

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

// TestCluster proves the product on a real one-node Kubernetes (issue 30): `make test-cluster`
// starts the cluster (`make cluster`), deploys the local overlay with `skaffold run -p local`
// and runs this with CLUSTER_TEST=1. Plain `go test` skips it.
func TestCluster(t *testing.T) {
	if os.Getenv("CLUSTER_TEST") == "" {
		t.Skip("make test-cluster runs this against the cluster make cluster starts")
	}
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	k := &kube{t: t, root: root, namespace: "linguaport",
		kubeconfig: filepath.Join(root, ".data", "cluster", "kubeconfig", "admin.conf")}
	// The web UI's Service on its node port is the site (k8s/overlays/local); the mail capture's
	// listing is on another.
	s := &devstack{web: "http://localhost:30080", mail: "http://localhost:30025/messages"}

	t.Run("every pod is Ready, as non-root, on a read-only root filesystem; every Job finished", func(t *testing.T) {
		k := *k
		k.t = t
		testPodsReadyNonRoot(t, &k, filepath.Join(root, ".data", "cluster", "run", "containerd.sock"))
	})
	t.Run("an order through the web UI's Service: register, quote, pay on the stand-in, a translator claims and delivers, the customer accepts", func(t *testing.T) {
		k := *k
		k.t = t
		testClusterOrder(t, &k, s)
	})
}

// testPodsReadyNonRoot checks every pod of the namespace from the node itself: the kubelet says
// Ready, and each container's process, found through containerd's CRI, runs under a non-zero
// uid with its root mounted read-only, whatever the manifests claim.
func testPodsReadyNonRoot(t *testing.T, k *kube, containerdSocket string) {
	var jobs batchv1.JobList
	k.get(&jobs, "jobs")
	for _, j := range jobs.Items {
		complete := false
		for _, c := range j.Status.Conditions {
			complete = complete || (c.Type == batchv1.JobComplete && c.Status == corev1.ConditionTrue)
		}
		if !complete {
			t.Errorf("job %s has not completed: %+v", j.Name, j.Status)
		}
	}

	conn, err := grpc.NewClient("unix://"+containerdSocket, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rt := cri.NewRuntimeServiceClient(conn)
	var pods corev1.PodList
	k.get(&pods, "pods")
	if len(pods.Items) == 0 {
		t.Fatal("no pods: is the local overlay deployed (skaffold run -p local)?")
	}
	checked := 0
	for _, p := range pods.Items {
		if p.Status.Phase == corev1.PodSucceeded {
			continue // a finished Job's
		}
		ready := false
		for _, c := range p.Status.Conditions {
			ready = ready || (c.Type == corev1.PodReady && c.Status == corev1.ConditionTrue)
		}
		if !ready {
			t.Errorf("pod %s is not Ready: %s", p.Name, p.Status.Phase)
			continue
		}
		for _, cs := range p.Status.ContainerStatuses {
			id := strings.TrimPrefix(cs.ContainerID, "containerd://")
			st, err := rt.ContainerStatus(context.Background(), &cri.ContainerStatusRequest{ContainerId: id, Verbose: true})
			if err != nil {
				t.Errorf("%s/%s: %v", p.Name, cs.Name, err)
				continue
			}
			var info struct{ Pid int }
			if err := json.Unmarshal([]byte(st.Info["info"]), &info); err != nil || info.Pid == 0 {
				t.Errorf("%s/%s: no process in containerd's answer: %v", p.Name, cs.Name, err)
				continue
			}
			uids, rootOptions := processFacts(t, info.Pid)
			if len(uids) == 0 || slicesContainsZero(uids) {
				t.Errorf("%s/%s runs as uid %v (real, effective, saved, filesystem): root", p.Name, cs.Name, uids)
			}
			if !strings.Contains(","+rootOptions+",", ",ro,") {
				t.Errorf("%s/%s: its root filesystem is mounted %q, not read-only", p.Name, cs.Name, rootOptions)
			}
			checked++
		}
	}
	t.Logf("%d containers in %d pods: non-root, read-only root", checked, len(pods.Items))
}

// processFacts reads a process's uids and the mount options of its root, from /proc.
func processFacts(t *testing.T, pid int) (uids []int, rootOptions string) {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) == 5 && f[0] == "Uid:" {
			for _, v := range f[1:] {
				var n int
				fmt.Sscan(v, &n)
				uids = append(uids, n)
			}
		}
	}
	mounts, err := os.Open(fmt.Sprintf("/proc/%d/mountinfo", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer mounts.Close()
	sc := bufio.NewScanner(mounts)
	for sc.Scan() {
		// id parent major:minor root mount-point options ...
		if f := strings.Fields(sc.Text()); len(f) > 5 && f[4] == "/" {
			rootOptions = f[5]
		}
	}
	return uids, rootOptions
}

func slicesContainsZero(v []int) bool {
	for _, n := range v {
		if n == 0 {
			return true
		}
	}
	return false
}

// testClusterOrder walks the whole-stack tests' order through the cluster: staff's first
// account is made as an operator makes it (svc-auth create-user, run in a Job from svc-auth's
// own image and configuration), a translator applies and is approved, a newcomer registers,
// quotes, approves and pays on the payment stand-in, the translator claims and delivers, and
// the customer accepts.
func testClusterOrder(t *testing.T, k *kube, s *devstack) {
	adminEmail := fmt.Sprintf("admin-%d@linguaport.local", time.Now().UnixNano())
	createUserJob(t, k, "admin", adminEmail, "Küme Yönetici", "Kume-Yonetici-2026")
	admin, _ := signIn(t, s, adminEmail, "Kume-Yonetici-2026")

	translator, _ := newTranslator(t, s, admin)
	orderID, customer := newcomersPaidOrderAs(t, s)
	claimFromPool(t, s, translator, orderID)
	deliverAs(t, s, translator, orderID, "Translated brochure.")
	if st, done, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/complete", nil, customer); st != 200 || done["status"] != "completed" {
		t.Fatalf("accept: %d %v", st, done)
	}
	want := "awaiting_payment,in_progress,assigned/claimed,delivered,completed"
	if st, o, _ := call(t, s, "GET", "/api/v1/orders/admin/orders/"+orderID, nil, admin); st != 200 || historySteps(o) != want {
		t.Errorf("staff read the timeline %d %s, want %s", st, historySteps(o), want)
	}
}

// createUserJob runs `svc-auth create-user` in a Job made from svc-auth's Deployment: its image,
// its configuration and its labels, so its NetworkPolicy lets it reach the database. A readiness
// probe that never answers keeps it out of svc-auth's Service while it runs.
func createUserJob(t *testing.T, k *kube, role, email, name, password string) {
	t.Helper()
	var auth appsv1.Deployment
	k.get(&auth, "deployment", "svc-auth")
	c := auth.Spec.Template.Spec.Containers[0]
	c.Name = "create-user"
	c.Args = []string{"create-user", role, email, name}
	c.Env = append(c.Env, corev1.EnvVar{Name: "PASSWORD", Value: password})
	c.Ports, c.LivenessProbe, c.StartupProbe = nil, nil, nil
	c.ReadinessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"/never-ready"}}}}
	spec := auth.Spec.Template.Spec
	spec.Containers = []corev1.Container{c}
	spec.RestartPolicy = corev1.RestartPolicyNever
	jobName := fmt.Sprintf("create-user-%d", time.Now().Unix())
	job := batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: metav1.ObjectMeta{Name: jobName, Namespace: k.namespace},
		Spec: batchv1.JobSpec{
			BackoffLimit: new(int32),
			Template:     corev1.PodTemplateSpec{ObjectMeta: auth.Spec.Template.ObjectMeta, Spec: spec},
		},
	}
	manifest, _ := json.Marshal(job)
	// Not t.TempDir(): kubectl's -f splits its argument at commas, which the test's name has.
	dir, err := os.MkdirTemp("", "cluster-job")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	f := filepath.Join(dir, "job.json")
	if err := os.WriteFile(f, manifest, 0o600); err != nil {
		t.Fatal(err)
	}
	k.must("apply", "-f", f)
	if _, err := k.run("-n", k.namespace, "wait", "--for=condition=Complete", "job/"+jobName, "--timeout=2m"); err != nil {
		logs, _ := k.run("-n", k.namespace, "logs", "job/"+jobName)
		t.Fatalf("%v\n%s", err, logs)
	}
	k.must("-n", k.namespace, "delete", "job", jobName, "--wait=false")
}
