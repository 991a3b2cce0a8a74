package k8s

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// Each Go image is built from what its program needs, so that a team's change rebuilds (and
// skaffold redeploys) only the images whose programs it is part of (issue 26, "Builds that
// follow ownership"). What a program needs is its package graph: go.mod and go.sum, and each
// top-level folder holding one of the module's packages it imports (its own folder, internal/,
// counting/ for svc-orders). `COPY . .` would make every commit anywhere rebuild every image.

// dockerInstruction is one instruction of a Dockerfile, continuation lines joined.
type dockerInstruction struct {
	line int    // where it starts, 1-based
	cmd  string // upper-cased: FROM, COPY, RUN ...
	args string
}

// parseDockerfile splits a Dockerfile into instructions: comments and blank lines dropped,
// lines ending in a backslash joined with the next (comment lines inside one are skipped, as
// Docker does).
func parseDockerfile(text string) []dockerInstruction {
	var out []dockerInstruction
	var cur strings.Builder
	start := 0
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		more := strings.HasSuffix(line, `\`)
		cur.WriteString(strings.TrimSuffix(line, `\`))
		cur.WriteString(" ")
		if more {
			continue
		}
		cmd, args, _ := strings.Cut(strings.TrimSpace(cur.String()), " ")
		out = append(out, dockerInstruction{line: start, cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args)})
		cur.Reset()
	}
	return out
}

// dockerCopy is a COPY or ADD taking files from the build context (not from another stage).
type dockerCopy struct {
	line    int
	sources []string // as written
	dest    string   // resolved against the stage's WORKDIR
}

// dockerStage is one FROM ... up to the next FROM: what it copies from the build context and
// which of the module's programs it builds or runs (`go build ... ./x`, `go run ./x ...`).
type dockerStage struct {
	from        int // line of its FROM
	copies      []dockerCopy
	programs    []string // "svc-orders", without "./"
	downloadAt  int      // instruction index of its `RUN go mod download`, or -1
	copyIndexes []int    // instruction index of each copy
}

// goCommand finds the package a RUN builds or runs: the first ./path after `go build` or `go run`.
var goCommand = regexp.MustCompile(`\bgo\s+(?:build|run)\b[^;&|]*?\s\./([^\s;&|]+)`)

// dockerStages reads the stages of a Dockerfile.
func dockerStages(text string) ([]dockerStage, error) {
	var stages []dockerStage
	workdir := "/"
	for i, in := range parseDockerfile(text) {
		if in.cmd == "FROM" {
			stages = append(stages, dockerStage{from: in.line, downloadAt: -1})
			workdir = "/"
			continue
		}
		if len(stages) == 0 {
			continue // ARG before the first FROM
		}
		st := &stages[len(stages)-1]
		switch in.cmd {
		case "WORKDIR":
			workdir = path.Join(workdir, in.args)
			if path.IsAbs(in.args) {
				workdir = path.Clean(in.args)
			}
		case "RUN":
			if strings.Contains(in.args, "go mod download") && st.downloadAt < 0 {
				st.downloadAt = i
			}
			for _, m := range goCommand.FindAllStringSubmatch(in.args, -1) {
				st.programs = append(st.programs, strings.TrimSuffix(m[1], "/"))
			}
		case "COPY", "ADD":
			args, err := copyArgs(in.args)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", in.line, err)
			}
			if slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--from=") }) {
				continue // from another stage or image, not from the build context
			}
			args = slices.DeleteFunc(args, func(a string) bool { return strings.HasPrefix(a, "--") })
			if len(args) < 2 {
				return nil, fmt.Errorf("line %d: %s with no source", in.line, in.cmd)
			}
			dest := args[len(args)-1]
			if !path.IsAbs(dest) {
				dest = path.Join(workdir, dest)
			}
			st.copies = append(st.copies, dockerCopy{line: in.line, sources: args[:len(args)-1], dest: path.Clean(dest)})
			st.copyIndexes = append(st.copyIndexes, i)
		}
	}
	return stages, nil
}

// copyArgs splits a COPY's arguments, in its shell form or its JSON form (flags come first).
func copyArgs(s string) ([]string, error) {
	var flags []string
	for strings.HasPrefix(s, "--") {
		flag, rest, _ := strings.Cut(s, " ")
		flags = append(flags, flag)
		s = strings.TrimSpace(rest)
	}
	if strings.HasPrefix(s, "[") {
		var args []string
		if err := json.Unmarshal([]byte(s), &args); err != nil {
			return nil, fmt.Errorf("COPY %s: %w", s, err)
		}
		return append(flags, args...), nil
	}
	return append(flags, strings.Fields(s)...), nil
}

// imageDataFiles are files a Dockerfile may copy besides Go code, each with why. The web UI's
// catalog stage runs svc-catalog's snapshot at build time with the agency's facts the
// deployment ships, so the prerendered pages say what the API answers (webui/Dockerfile).
var imageDataFiles = map[string][]string{
	"webui/Dockerfile": {"k8s/base/platform/company-facts.json"},
}

// checkGoStage lists what is wrong with the inputs of a stage that builds or runs Go programs:
// needs is the top-level folders the programs' packages are in, data the other files it may
// copy. go.mod and go.sum are copied on their own into the WORKDIR and downloaded before any
// code is copied (that layer survives code changes); each needed folder is copied whole to the
// same path under the WORKDIR; nothing else is copied.
func checkGoStage(st dockerStage, needs, data []string) []string {
	var problems []string
	workdir := ""
	copied := map[string]bool{}
	for n, c := range st.copies {
		for _, src := range c.sources {
			clean := path.Clean(strings.TrimPrefix(src, "./"))
			switch {
			case clean == "." || strings.ContainsAny(clean, "*?["):
				problems = append(problems, fmt.Sprintf("line %d copies %q, the whole build context or a pattern: copy go.mod, go.sum and %s by name", c.line, src, strings.Join(needs, ", ")))
			case clean == "go.mod" || clean == "go.sum":
				copied[clean] = true
				if workdir != "" && workdir != c.dest {
					problems = append(problems, fmt.Sprintf("line %d copies %s to %s, go.mod went to %s", c.line, clean, c.dest, workdir))
				}
				workdir = c.dest
				if st.downloadAt >= 0 && st.copyIndexes[n] > st.downloadAt {
					problems = append(problems, fmt.Sprintf("line %d copies %s after `go mod download`", c.line, clean))
				}
			case slices.Contains(needs, clean):
				copied[clean] = true
				if workdir != "" && c.dest != path.Join(workdir, clean) {
					problems = append(problems, fmt.Sprintf("line %d copies %s to %s, want %s (the module's layout)", c.line, clean, c.dest, path.Join(workdir, clean)))
				}
				if len(c.sources) > 1 {
					problems = append(problems, fmt.Sprintf("line %d copies %v into one folder: copy each folder to its own path", c.line, c.sources))
				}
				if st.downloadAt < 0 || st.copyIndexes[n] < st.downloadAt {
					problems = append(problems, fmt.Sprintf("line %d copies %s before `go mod download`: every code change would download the modules again", c.line, clean))
				}
			case slices.Contains(data, clean):
			default:
				problems = append(problems, fmt.Sprintf("line %d copies %s, which %s does not build from (it needs go.mod, go.sum, %s)", c.line, src, strings.Join(st.programs, ", "), strings.Join(needs, ", ")))
			}
		}
	}
	for _, want := range append([]string{"go.mod", "go.sum"}, needs...) {
		if !copied[want] {
			problems = append(problems, fmt.Sprintf("the stage at line %d does not copy %s, which %s builds from", st.from, want, strings.Join(st.programs, ", ")))
		}
	}
	if st.downloadAt < 0 {
		problems = append(problems, fmt.Sprintf("the stage at line %d has no `RUN go mod download` layer", st.from))
	}
	return problems
}

// programNeeds is the top-level folders of the module's packages program imports, itself
// included, as the image builds it (CGO_ENABLED=0 on Linux), sorted.
func programNeeds(t *testing.T, root, program string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if and .Module .Module.Main}}{{.Dir}}{{end}}", "./"+program)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./%s: %v\n%s", program, err, stderr.Bytes())
	}
	var needs []string
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, dir)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			t.Fatalf("./%s imports the package in %s, not in a top-level folder of the module", program, dir)
		}
		top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if !slices.Contains(needs, top) {
			needs = append(needs, top)
		}
	}
	slices.Sort(needs)
	return needs
}

// TestImagesCopyWhatTheirProgramNeeds: every Dockerfile skaffold builds, in each stage that
// builds or runs one of the module's programs, copies go.mod and go.sum (then `go mod download`)
// and exactly the top-level folders `go list -deps` finds the program's packages in: none
// missing (the image would not build) and nothing else (a change there would rebuild it). A Go
// program's image copies nothing else from the build context in any stage either. skaffold
// watches what the COPY lines name, so it rebuilds the same images docker's cache would.
func TestImagesCopyWhatTheirProgramNeeds(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	artifacts := skaffoldArtifacts(t)
	onDisk, _ := filepath.Glob("../*/Dockerfile")
	for _, f := range onDisk {
		rel := filepath.ToSlash(strings.TrimPrefix(f, "../"))
		if !slices.ContainsFunc(artifacts, func(a skaffoldArtifact) bool { return a.dockerfile == rel }) {
			t.Errorf("%s is built by no skaffold artifact", rel)
		}
	}
	services := goServices(t)
	needsOf := map[string][]string{}
	for _, a := range artifacts {
		t.Run(a.image, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(root, a.dockerfile))
			if err != nil {
				t.Fatal(err)
			}
			stages, err := dockerStages(string(text))
			if err != nil {
				t.Fatalf("%s: %v", a.dockerfile, err)
			}
			goProgram := slices.Contains(services, a.image)
			built := false
			for _, st := range stages {
				if len(st.programs) == 0 {
					if goProgram && len(st.copies) > 0 {
						t.Errorf("%s: the stage at line %d copies %v from the build context and builds no Go program", a.dockerfile, st.from, st.copies[0].sources)
					}
					continue
				}
				var needs []string
				for _, p := range st.programs {
					if _, ok := needsOf[p]; !ok {
						needsOf[p] = programNeeds(t, root, p)
					}
					needs = append(needs, needsOf[p]...)
					built = built || p == a.image
				}
				slices.Sort(needs)
				needs = slices.Compact(needs)
				t.Logf("%s: the stage at line %d builds %v from go.mod, go.sum, %v", a.dockerfile, st.from, st.programs, needs)
				for _, p := range checkGoStage(st, needs, imageDataFiles[a.dockerfile]) {
					t.Errorf("%s: %s", a.dockerfile, p)
				}
			}
			if goProgram && !built {
				t.Errorf("%s builds no ./%s", a.dockerfile, a.image)
			}
		})
	}
}

// skaffoldArtifact is one image skaffold.yaml builds.
type skaffoldArtifact struct{ image, dockerfile string }

// skaffoldArtifacts reads skaffold.yaml's artifacts, requiring of each what makes the
// Dockerfile's COPY lines the whole of its inputs: a docker build with the repository root as
// its context (the Dockerfiles copy go.mod from there), and no paths of its own to watch or sync
// (skaffold infers a docker artifact's dependencies from the Dockerfile; a `sync` or a custom
// builder's `dependencies` would name other paths than the Dockerfile copies). The one profile
// that builds otherwise, local, builds the same images from the same Dockerfiles with the custom
// builder, whose dependencies are that Dockerfile's (skaffold infers them the same way): nothing
// else.
func skaffoldArtifacts(t *testing.T) []skaffoldArtifact {
	t.Helper()
	raw, err := os.ReadFile("../skaffold.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out []skaffoldArtifact
	for _, doc := range bytes.Split(raw, []byte("\n---\n")) {
		var m struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
			Build struct {
				Artifacts []map[string]any `json:"artifacts"`
			} `json:"build"`
			Profiles []struct {
				Name  string `json:"name"`
				Build struct {
					Artifacts []map[string]any `json:"artifacts"`
				} `json:"build"`
			} `json:"profiles"`
		}
		if err := yaml.Unmarshal(doc, &m); err != nil {
			t.Fatal(err)
		}
		for _, p := range m.Profiles {
			if len(p.Build.Artifacts) == 0 {
				continue
			}
			if p.Name != "local" || len(p.Build.Artifacts) != len(m.Build.Artifacts) {
				t.Errorf("module %s: profile %s redefines its artifacts; their inputs are checked only in the module's build", m.Metadata.Name, p.Name)
				continue
			}
			for i, a := range p.Build.Artifacts {
				docker, _ := m.Build.Artifacts[i]["docker"].(map[string]any)
				dockerfile, _ := docker["dockerfile"].(string)
				want := map[string]any{"image": m.Build.Artifacts[i]["image"], "custom": map[string]any{
					"buildCommand": "cluster/images/build.sh " + dockerfile,
					"dependencies": map[string]any{"dockerfile": map[string]any{"path": dockerfile}},
				}}
				if !reflect.DeepEqual(a, want) {
					t.Errorf("module %s: profile local builds %v; want the module's image from its Dockerfile's inputs, %v", m.Metadata.Name, a, want)
				}
			}
		}
		for _, a := range m.Build.Artifacts {
			image, _ := a["image"].(string)
			docker, _ := a["docker"].(map[string]any)
			dockerfile, _ := docker["dockerfile"].(string)
			if ctx, ok := a["context"]; ok && ctx != "." && ctx != "" {
				t.Errorf("module %s: artifact %s builds in context %v; the Dockerfiles copy from the repository root", m.Metadata.Name, image, ctx)
			}
			for k := range a {
				if k != "image" && k != "context" && k != "docker" {
					t.Errorf("module %s: artifact %s declares %s; its inputs are what its Dockerfile copies, which skaffold infers", m.Metadata.Name, image, k)
				}
			}
			for k := range docker {
				if k != "dockerfile" {
					t.Errorf("module %s: artifact %s's docker build sets %s, which this test does not read", m.Metadata.Name, image, k)
				}
			}
			if image == "" || dockerfile == "" {
				t.Errorf("module %s: an artifact without an image or a dockerfile: %v", m.Metadata.Name, a)
				continue
			}
			out = append(out, skaffoldArtifact{image: image, dockerfile: path.Clean(dockerfile)})
		}
	}
	if len(out) == 0 {
		t.Fatal("skaffold.yaml builds no images")
	}
	return out
}

// TestImageInputsCheckCatchesMistakes: the check above refuses a Dockerfile that copies the
// whole context, leaves out a folder the program needs, copies one it does not need, copies
// code before the module download, or puts a folder elsewhere than the module's layout.
func TestImageInputsCheckCatchesMistakes(t *testing.T) {
	const good = `FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY counting ./counting
COPY internal ./internal
COPY svc-orders ./svc-orders
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/app ./svc-orders

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/app /app
`
	needs := []string{"counting", "internal", "svc-orders"}
	check := func(dockerfile string) []string {
		stages, err := dockerStages(dockerfile)
		if err != nil {
			t.Fatal(err)
		}
		if len(stages) != 2 || !slices.Equal(stages[0].programs, []string{"svc-orders"}) || len(stages[1].copies) != 0 {
			t.Fatalf("stages %+v", stages)
		}
		return checkGoStage(stages[0], needs, nil)
	}
	if p := check(good); len(p) != 0 {
		t.Fatalf("a good Dockerfile refused: %v", p)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"the whole context":    {"COPY counting ./counting\n", "COPY . .\n", `copies ".", the whole build context`},
		"a needed folder out":  {"COPY counting ./counting\n", "", "does not copy counting"},
		"another folder":       {"COPY counting ./counting\n", "COPY counting ./counting\nCOPY svc-billing ./svc-billing\n", "copies svc-billing, which svc-orders does not build from"},
		"code before download": {"COPY go.mod go.sum ./\nRUN go mod download\nCOPY counting ./counting\n", "COPY go.mod go.sum ./\nCOPY counting ./counting\nRUN go mod download\n", "copies counting before `go mod download`"},
		"elsewhere":            {"COPY internal ./internal\n", "COPY internal ./lib/internal\n", "copies internal to /src/lib/internal, want /src/internal"},
		"a pattern":            {"COPY internal ./internal\n", "COPY internal ./internal\nCOPY *.md ./\n", `copies "*.md"`},
		"continued lines":      {"COPY internal ./internal\n", "COPY internal \\\n  svc-geo ./\n", "copies svc-geo"},
	} {
		t.Run(name, func(t *testing.T) {
			bad := strings.Replace(good, c.from, c.to, 1)
			if bad == good {
				t.Fatalf("%q is not in the Dockerfile", c.from)
			}
			problems := check(bad)
			if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, c.want) }) {
				t.Errorf("want a problem containing %q, got %q", c.want, problems)
			}
		})
	}
}
