// Package k8s checks the Kubernetes manifests, Dockerfiles and skaffold.yaml without a cluster:
// kustomize builds every overlay, each object decodes strictly into its Kubernetes type, and
// every service has its image, manifest, probes and Consul settings.
package k8s

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

type objects struct {
	deployments map[string]appsv1.Deployment
	services    map[string]corev1.Service
	configMaps  map[string]corev1.ConfigMap
}

func build(t *testing.T, dir string) objects {
	t.Helper()
	res, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	out, err := res.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	objs := objects{map[string]appsv1.Deployment{}, map[string]corev1.Service{}, map[string]corev1.ConfigMap{}}
	for _, doc := range bytes.Split(out, []byte("\n---\n")) {
		var meta struct{ Kind string }
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatal(err)
		}
		// Strict: a misspelt or misplaced field fails here instead of being ignored by the cluster.
		switch meta.Kind {
		case "Deployment":
			var d appsv1.Deployment
			strict(t, doc, &d)
			objs.deployments[d.Name] = d
		case "Service":
			var s corev1.Service
			strict(t, doc, &s)
			objs.services[s.Name] = s
		case "ConfigMap":
			var c corev1.ConfigMap
			strict(t, doc, &c)
			objs.configMaps[c.Name] = c
		default:
			t.Errorf("unexpected kind %q in %s", meta.Kind, dir)
		}
	}
	return objs
}

func strict(t *testing.T, doc []byte, into any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(doc, into); err != nil {
		t.Fatalf("%v in:\n%s", err, doc)
	}
}

// goServices are the directories holding a deployable Go program (DESIGN §2).
func goServices(t *testing.T) []string {
	dirs, _ := filepath.Glob("../svc-*")
	names := []string{"gateway"}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "main.go")); err == nil {
			names = append(names, filepath.Base(d))
		}
	}
	if len(names) < 2 {
		t.Fatal("no services found")
	}
	return names
}

func env(c corev1.Container, name string) *corev1.EnvVar {
	for i := range c.Env {
		if c.Env[i].Name == name {
			return &c.Env[i]
		}
	}
	return nil
}

func TestEveryServiceIsDeployable(t *testing.T) {
	base := build(t, "base")
	var skaffold struct {
		APIVersion string                `json:"apiVersion"`
		Kind       string                `json:"kind"`
		Metadata   struct{ Name string } `json:"metadata"`
		Build      struct {
			Artifacts []struct {
				Image   string `json:"image"`
				Context string `json:"context"`
				Docker  struct {
					Dockerfile string `json:"dockerfile"`
				} `json:"docker"`
			} `json:"artifacts"`
		} `json:"build"`
		Manifests map[string]any   `json:"manifests"`
		Deploy    map[string]any   `json:"deploy"`
		Profiles  []map[string]any `json:"profiles"`
	}
	raw, err := os.ReadFile("../skaffold.yaml")
	if err != nil {
		t.Fatal(err)
	}
	strict(t, raw, &skaffold)
	images := map[string]string{}
	contexts := map[string]string{}
	for _, a := range skaffold.Build.Artifacts {
		images[a.Image] = filepath.Join("..", a.Context, a.Docker.Dockerfile)
		contexts[a.Image] = a.Context
	}

	for _, name := range append(goServices(t), "webui") {
		t.Run(name, func(t *testing.T) {
			dockerfile, ok := images[name]
			if !ok {
				t.Fatalf("skaffold has no artifact %q", name)
			}
			df, err := os.ReadFile(dockerfile)
			if err != nil {
				t.Fatalf("artifact %s: %v", name, err)
			}
			if name != "webui" && !strings.Contains(string(df), "go build") || name != "webui" && !strings.Contains(string(df), "./"+name+"\n") {
				t.Errorf("%s does not build ./%s", dockerfile, name)
			}
			contextDir := filepath.Join("..", contexts[name])
			for _, src := range copySources(string(df)) {
				if _, err := os.Stat(filepath.Join(contextDir, src)); err != nil {
					t.Errorf("%s copies %s, which the build context %s lacks", dockerfile, src, contextDir)
				}
			}
			if _, err := os.Stat(filepath.Join("base", name+".yaml")); err != nil {
				t.Errorf("no k8s/base/%s.yaml (one file per service)", name)
			}
			d, ok := base.deployments[name]
			if !ok {
				t.Fatalf("no Deployment %s", name)
			}
			c := d.Spec.Template.Spec.Containers[0]
			if c.Image != name {
				t.Errorf("image %q, want %q (skaffold replaces it)", c.Image, name)
			}
			if d.Spec.Selector.MatchLabels["app"] != d.Spec.Template.Labels["app"] {
				t.Errorf("selector does not match pod labels")
			}
			if name == "webui" {
				return
			}
			port := c.Ports[0].ContainerPort
			if addr := env(c, "HTTP_ADDR"); addr == nil || addr.Value != fmt.Sprintf(":%d", port) {
				t.Errorf("HTTP_ADDR %v does not match container port %d", addr, port)
			}
			if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" || c.LivenessProbe == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
				t.Errorf("probes must be /readyz and /healthz")
			}
			if len(c.EnvFrom) == 0 || c.EnvFrom[0].ConfigMapRef.Name != "platform-config" {
				t.Errorf("platform-config not mounted")
			}
			if c.SecurityContext == nil || c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
				t.Errorf("root filesystem not read-only")
			}
			if strings.HasPrefix(name, "svc-") {
				adv := env(c, "ADVERTISE_HOST")
				if adv == nil || adv.ValueFrom == nil || adv.ValueFrom.FieldRef.FieldPath != "status.podIP" {
					t.Errorf("a service must register its pod IP in Consul")
				}
			}
		})
	}
	if _, ok := base.configMaps["platform-config"].Data["CONSUL_HTTP_ADDR"]; !ok {
		t.Error("platform-config lacks CONSUL_HTTP_ADDR")
	}
	for _, name := range []string{"gateway", "webui"} {
		if _, ok := base.services[name]; !ok {
			t.Errorf("no Service %s", name)
		}
	}
	// Services are reached through Consul only, never through a Kubernetes Service.
	for name := range base.services {
		if strings.HasPrefix(name, "svc-") {
			t.Errorf("unexpected Service %s", name)
		}
	}
}

func TestProductionOverlay(t *testing.T) {
	prod := build(t, "overlays/production")
	for name, d := range prod.deployments {
		if d.Namespace != "linguaport" || d.Labels["app.kubernetes.io/part-of"] != "linguaport" {
			t.Errorf("%s: namespace %q labels %v", name, d.Namespace, d.Labels)
		}
	}
	if r := prod.deployments["gateway"].Spec.Replicas; r == nil || *r != 3 {
		t.Errorf("gateway replicas %v, want 3", r)
	}
	if !slices.Contains([]string{"linguaport"}, prod.configMaps["platform-config"].Namespace) {
		t.Error("config not in the namespace")
	}
}

// copySources lists what a Dockerfile's COPY instructions take from the build context (copies
// from another stage are left out).
func copySources(dockerfile string) []string {
	var out []string
	for _, line := range strings.Split(dockerfile, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 3 || !strings.EqualFold(fields[0], "COPY") {
			continue
		}
		args := fields[1:]
		if slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--from=") }) {
			continue
		}
		args = slices.DeleteFunc(args, func(a string) bool { return strings.HasPrefix(a, "--") })
		out = append(out, args[:len(args)-1]...)
	}
	return out
}
