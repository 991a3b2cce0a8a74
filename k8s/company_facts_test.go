package k8s

import (
	"path"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"linguaport/internal/company"
)

// TestCompanyFactsAreMounted: the company-facts ConfigMap holds facts that pass
// internal/company's rules (a service would refuse to start on them otherwise), and every
// program whose code reads COMPANY_FACTS_FILE points it at that map's facts.json, mounted read
// only, in the base and in every overlay.
func TestCompanyFactsAreMounted(t *testing.T) {
	readers := map[string]bool{}
	for _, name := range goServices(t) {
		if programReads(t, "..", name)["COMPANY_FACTS_FILE"] != nil {
			readers[name] = true
		}
	}
	for _, want := range []string{"svc-catalog", "svc-billing", "svc-orders"} {
		if !readers[want] {
			t.Errorf("%s does not read COMPANY_FACTS_FILE", want)
		}
	}
	for _, dir := range []string{"base", "overlays/production", "overlays/dev", "overlays/local"} {
		objs := build(t, dir)
		cm, ok := objs.configMaps["company-facts"]
		if !ok {
			t.Fatalf("%s: no ConfigMap company-facts", dir)
		}
		if _, err := company.Parse([]byte(cm.Data["facts.json"])); err != nil {
			t.Errorf("%s: company-facts facts.json: %v", dir, err)
		}
		for name := range readers {
			d, ok := objs.deployments[name]
			if !ok {
				continue // the dev overlay's infrastructure-only builds
			}
			c := d.Spec.Template.Spec.Containers[0]
			file := ""
			for _, e := range c.Env {
				if e.Name == "COMPANY_FACTS_FILE" {
					file = e.Value
				}
			}
			if file == "" || path.Base(file) != "facts.json" {
				t.Errorf("%s %s: COMPANY_FACTS_FILE=%q, want a path ending in facts.json", dir, name, file)
				continue
			}
			var mount *corev1.VolumeMount
			for i, m := range c.VolumeMounts {
				if m.MountPath == path.Dir(file) {
					mount = &c.VolumeMounts[i]
				}
			}
			if mount == nil || !mount.ReadOnly {
				t.Errorf("%s %s: nothing mounted read only at %s", dir, name, path.Dir(file))
				continue
			}
			var fromMap bool
			for _, v := range d.Spec.Template.Spec.Volumes {
				if v.Name == mount.Name && v.ConfigMap != nil && v.ConfigMap.Name == "company-facts" {
					fromMap = true
				}
			}
			if !fromMap {
				t.Errorf("%s %s: the volume at %s is not the company-facts ConfigMap", dir, name, path.Dir(file))
			}
		}
	}
}
