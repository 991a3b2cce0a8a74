package k8s

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// skaffoldModule is one config (module) of skaffold.yaml, decoded strictly.
type skaffoldModule struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Build struct {
		Artifacts []struct {
			Image   string `json:"image"`
			Context string `json:"context"`
			Docker  struct {
				Dockerfile string `json:"dockerfile"`
			} `json:"docker"`
		} `json:"artifacts"`
	} `json:"build"`
	Manifests map[string]any    `json:"manifests"`
	Deploy    map[string]any    `json:"deploy"`
	Profiles  []skaffoldProfile `json:"profiles"`
}

type skaffoldProfile struct {
	Name  string `json:"name"`
	Build struct {
		// Only the local profile builds otherwise than the module: with buildah, through
		// skaffold's custom builder (images_test.go's skaffoldArtifacts checks its inputs).
		Artifacts []struct {
			Image  string `json:"image"`
			Custom *struct {
				BuildCommand string `json:"buildCommand"`
				Dependencies struct {
					Dockerfile *struct {
						Path string `json:"path"`
					} `json:"dockerfile"`
				} `json:"dependencies"`
			} `json:"custom"`
		} `json:"artifacts"`
		Local *struct {
			Push *bool `json:"push"`
		} `json:"local"`
		TagPolicy map[string]any `json:"tagPolicy"`
	} `json:"build"`
	Manifests   map[string]any   `json:"manifests"`
	PortForward []map[string]any `json:"portForward"`
}

func skaffoldModules(t *testing.T) []skaffoldModule {
	t.Helper()
	raw, err := os.ReadFile("../skaffold.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var modules []skaffoldModule
	for _, doc := range bytes.Split(raw, []byte("\n---\n")) {
		var m skaffoldModule
		strict(t, doc, &m)
		modules = append(modules, m)
	}
	return modules
}

// renderProfiles are skaffold's profiles ("" none) and the overlay each deploys.
var renderProfiles = []struct{ profile, dir string }{
	{"", "base"}, {"production", "overlays/production"}, {"dev", "overlays/dev"}, {"local", "overlays/local"},
}

// skaffoldRender runs `skaffold render` as a developer would, offline: no cluster (KUBECONFIG
// names nothing), no Docker (images keep the manifests' names unless extra flags give them),
// kustomize from .bin.
func skaffoldRender(t *testing.T, profile, module string, extra ...string) objects {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(root, ".bin")
	for _, tool := range []string{"skaffold", "kustomize"} {
		if _, err := os.Stat(filepath.Join(bin, tool)); err != nil {
			t.Fatalf(".bin/%s is missing: run `make test-tools` (make test builds it): %v", tool, err)
		}
	}
	home := t.TempDir()
	// Its global config, answering the usage-data question it would otherwise ask.
	if err := os.Mkdir(filepath.Join(home, ".skaffold"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".skaffold", "config"), []byte("global:\n  collect-metrics: false\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(home, "rendered.yaml")
	args := []string{"render", "--offline=true", "--digest-source=none", "--update-check=false", "--output=" + out}
	where := "skaffold render"
	if profile != "" {
		args = append(args, "--profile="+profile)
		where += " -p " + profile
	}
	if module != "" {
		args = append(args, "--module="+module)
		where += " -m " + module
	}
	if len(extra) > 0 {
		args = append(args, extra...)
		where += " " + strings.Join(extra, " ")
	}
	cmd := exec.Command(filepath.Join(bin, "skaffold"), args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+home,
		"KUBECONFIG="+filepath.Join(home, "no-cluster"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", where, err, msg)
	}
	rendered, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rendered = bytes.TrimPrefix(bytes.TrimSpace(rendered), []byte("---\n"))
	if len(rendered) == 0 {
		t.Fatalf("%s renders nothing", where)
	}
	return decode(t, where, rendered)
}

// TestSkaffoldRendersEveryProfileAndModule: for each profile, skaffold renders exactly what
// kustomize builds of its overlay, every object decoding strictly, and each module (-m) renders
// only its own objects: a service's module its own Deployment and what is named or labelled
// after it, the other modules (platform, network) nothing of a service's. Together the modules
// render the whole profile, each object once, so deploying them one by one deploys the same.
func TestSkaffoldRendersEveryProfileAndModule(t *testing.T) {
	modules := skaffoldModules(t)
	var names, services []string
	for _, m := range modules {
		names = append(names, m.Metadata.Name)
		if len(m.Build.Artifacts) > 0 {
			services = append(services, m.Metadata.Name)
		}
	}
	for _, s := range append(goServices(t), "webui") {
		if !slices.Contains(services, s) {
			t.Errorf("no skaffold module builds %s", s)
		}
	}
	for _, p := range renderProfiles {
		t.Run("profile="+p.profile, func(t *testing.T) {
			whole := skaffoldRender(t, p.profile, "")
			sameObjects(t, "skaffold render", whole, "kustomize build "+p.dir, build(t, p.dir))
			renderedBy := map[string]string{}
			for _, module := range names {
				objs := skaffoldRender(t, p.profile, module)
				for _, o := range objs.all {
					if owner := ownerOf(o, services); owner != "" && owner != module || owner == "" && slices.Contains(services, module) {
						t.Errorf("module %s renders %s, which is not its own", module, o)
					}
					if other, ok := renderedBy[key(o)]; ok {
						t.Errorf("modules %s and %s both render %s", other, module, o)
					}
					renderedBy[key(o)] = module
				}
				sameObjects(t, "skaffold render -m "+module, objs, "the same objects of the whole", subset(whole, objs))
				if slices.Contains(services, module) {
					if _, ok := objs.deployments[module]; !ok {
						t.Errorf("module %s does not render its Deployment", module)
					}
				}
			}
			for _, o := range whole.all {
				if _, ok := renderedBy[key(o)]; !ok {
					t.Errorf("no module renders %s", o)
				}
			}
			deps := map[string][]string{"dev": {"mongodb", "redis", "consul", "jaeger"}, "local": localDependencies}
			for _, app := range deps[p.profile] {
				if owner := workloadModule(whole, renderedBy, app); owner != "platform" {
					t.Errorf("%s: %s's workload is rendered by module %q, want platform", p.profile, app, owner)
				}
			}
		})
	}
}

// TestSkaffoldDevBuildsLocally: `skaffold dev -p dev` on kind or minikube builds into the
// cluster's own image store and never pushes to a registry.
func TestSkaffoldDevBuildsLocally(t *testing.T) {
	for _, m := range skaffoldModules(t) {
		if len(m.Build.Artifacts) == 0 {
			continue
		}
		i := slices.IndexFunc(m.Profiles, func(p skaffoldProfile) bool { return p.Name == "dev" })
		if i < 0 {
			t.Errorf("module %s has no dev profile", m.Metadata.Name)
			continue
		}
		if l := m.Profiles[i].Build.Local; l == nil || l.Push == nil || *l.Push {
			t.Errorf("module %s's dev profile may push its image", m.Metadata.Name)
		}
	}
}

// localBuilder is the script skaffold's custom builder runs in the local profile: buildah builds
// the image from the module's Dockerfile and loads it into the cluster's containerd.
const localBuilder = "cluster/images/build.sh"

// TestSkaffoldLocalBuildsWithBuildah: `skaffold run -p local` on this machine's cluster, which
// has no Docker and no registry, deploys every module from k8s/overlays/local/<module>, and each
// module with an image builds it with the custom builder from the module's own Dockerfile (the
// Dockerfile's COPY lines being the inputs skaffold watches, as for a docker build), never
// pushing, tagged by its inputs.
func TestSkaffoldLocalBuildsWithBuildah(t *testing.T) {
	script, err := os.ReadFile(filepath.Join("..", localBuilder))
	if err != nil {
		t.Fatalf("the local profile's builder: %v", err)
	}
	for _, v := range []string{"IMAGE", "BUILD_CONTEXT", "PUSH_IMAGE"} {
		if !strings.Contains(string(script), "$"+v) && !strings.Contains(string(script), "${"+v) {
			t.Errorf("%s does not read $%s, which skaffold's custom builder sets", localBuilder, v)
		}
	}
	if fi, err := os.Stat(filepath.Join("..", localBuilder)); err == nil && fi.Mode()&0o111 == 0 {
		t.Errorf("%s is not executable", localBuilder)
	}
	for _, m := range skaffoldModules(t) {
		i := slices.IndexFunc(m.Profiles, func(p skaffoldProfile) bool { return p.Name == "local" })
		if i < 0 {
			t.Errorf("module %s has no local profile", m.Metadata.Name)
			continue
		}
		p := m.Profiles[i]
		want := map[string]any{"kustomize": map[string]any{"paths": []any{"k8s/overlays/local/" + m.Metadata.Name}}}
		if !reflect.DeepEqual(p.Manifests, want) {
			t.Errorf("module %s's local profile deploys %v, want %v", m.Metadata.Name, p.Manifests, want)
		}
		if len(m.Build.Artifacts) == 0 {
			if len(p.Build.Artifacts) > 0 || p.Build.Local != nil || p.Build.TagPolicy != nil {
				t.Errorf("module %s builds nothing, but its local profile has a build", m.Metadata.Name)
			}
			continue
		}
		if l := p.Build.Local; l == nil || l.Push == nil || *l.Push {
			t.Errorf("module %s's local profile may push its image: there is no registry", m.Metadata.Name)
		}
		if len(p.Build.TagPolicy) != 1 || p.Build.TagPolicy["inputDigest"] == nil {
			t.Errorf("module %s's local profile tags by %v, want inputDigest", m.Metadata.Name, p.Build.TagPolicy)
		}
		if len(p.Build.Artifacts) != len(m.Build.Artifacts) {
			t.Errorf("module %s's local profile builds %d images, the module %d", m.Metadata.Name, len(p.Build.Artifacts), len(m.Build.Artifacts))
			continue
		}
		for j, a := range m.Build.Artifacts {
			la := p.Build.Artifacts[j]
			if la.Image != a.Image || la.Custom == nil {
				t.Errorf("module %s's local profile builds %+v, want %s with the custom builder", m.Metadata.Name, la, a.Image)
				continue
			}
			if cmd := localBuilder + " " + a.Docker.Dockerfile; la.Custom.BuildCommand != cmd {
				t.Errorf("module %s's local build of %s runs %q, want %q", m.Metadata.Name, a.Image, la.Custom.BuildCommand, cmd)
			}
			if d := la.Custom.Dependencies.Dockerfile; d == nil || d.Path != a.Docker.Dockerfile {
				t.Errorf("module %s's local build of %s watches %+v, want the inputs of %s", m.Metadata.Name, a.Image, la.Custom.Dependencies, a.Docker.Dockerfile)
			}
		}
	}
}

// TestSkaffoldDeploysAGivenImage: the README's way back to a known version of one service,
// `skaffold deploy -m <service> -p production --images <service>=<reference>`, puts exactly that
// image in that service's Deployment and deploys nothing else (render takes the same flags).
func TestSkaffoldDeploysAGivenImage(t *testing.T) {
	const ref = "registry.example.com/linguaport/svc-orders:v1.4.2"
	objs := skaffoldRender(t, "production", "svc-orders", "--digest-source=tag", "--images=svc-orders="+ref)
	if d, ok := objs.deployments["svc-orders"]; !ok || d.Spec.Template.Spec.Containers[0].Image != ref {
		t.Errorf("svc-orders runs %+v, want %s", d.Spec.Template.Spec.Containers, ref)
	}
	for _, o := range objs.all {
		if ownerOf(o, []string{"svc-orders"}) != "svc-orders" {
			t.Errorf("renders %s too", o)
		}
	}
}

// ownerOf is the service an object belongs to, by its app label or its name, or "".
func ownerOf(o objectMeta, services []string) string {
	for _, s := range services {
		if o.Metadata.Labels["app"] == s || o.Metadata.Name == s || strings.HasPrefix(o.Metadata.Name, s+"-") {
			return s
		}
	}
	return ""
}

// workloadModule is the module rendering the Deployment or StatefulSet whose pods are labelled app.
func workloadModule(whole objects, renderedBy map[string]string, app string) string {
	for _, d := range whole.deployments {
		if d.Spec.Template.Labels["app"] == app {
			return renderedBy["Deployment/"+d.Namespace+"/"+d.Name]
		}
	}
	for _, s := range whole.sets {
		if s.Spec.Template.Labels["app"] == app {
			return renderedBy["StatefulSet/"+s.Namespace+"/"+s.Name]
		}
	}
	return ""
}

func key(o objectMeta) string { return o.Kind + "/" + o.Metadata.Namespace + "/" + o.Metadata.Name }

// subset is whole's objects that part also has.
func subset(whole, part objects) objects {
	var out objects
	for _, o := range whole.all {
		if slices.ContainsFunc(part.all, func(p objectMeta) bool { return key(p) == key(o) }) {
			out.all = append(out.all, o)
		}
	}
	return out
}

// sameObjects: a and b hold the same objects with the same content, whatever their order and
// formatting.
func sameObjects(t *testing.T, aName string, a objects, bName string, b objects) {
	t.Helper()
	content := func(objs objects) map[string]any {
		m := map[string]any{}
		for _, o := range objs.all {
			var v any
			if err := yaml.Unmarshal(o.doc, &v); err != nil {
				t.Fatal(err)
			}
			m[key(o)] = v
		}
		return m
	}
	ac, bc := content(a), content(b)
	for _, k := range sortedKeys(ac) {
		bv, ok := bc[k]
		switch {
		case !ok:
			t.Errorf("%s has %s, %s does not", aName, k, bName)
		case !reflect.DeepEqual(ac[k], bv):
			t.Errorf("%s's %s differs from %s's:\n%v\n%v", aName, k, bName, ac[k], bv)
		}
	}
	for _, k := range sortedKeys(bc) {
		if _, ok := ac[k]; !ok {
			t.Errorf("%s has %s, %s does not", bName, k, aName)
		}
	}
	if len(ac) == 0 {
		t.Errorf("%s has no objects", aName)
	}
}
