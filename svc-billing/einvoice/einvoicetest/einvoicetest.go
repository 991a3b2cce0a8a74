// Package einvoicetest checks, in tests, that an e-Fatura / e-Arşiv invoice (UBL-TR 1.2.1) is
// one GİB would accept: valid against the OASIS UBL 2.1 schema (xmllint) and against GİB's
// UBL-TR Schematron rules (compiled to XSLT 2.0 by SchXslt and run by Saxon-HE). Both are
// independent of the code that writes the invoices. The vendored files, their origin and
// licences are under ../schemas (see its SOURCES.md).
//
// It needs three Debian packages, which `make test-deps` installs: libxml2-utils (xmllint),
// libsaxonhe-java (/usr/share/java/Saxon-HE.jar) and default-jre-headless (java).
//
// All of GİB's rules are run, the nine "General Rules" of UBL-TR_Main_Schematron.xml too
// (country, currency, unit, channel and MIME codes anywhere in the document, and that
// cbc:IssueDate is neither in the future nor before 2005): GİB writes them outside any
// sch:pattern, which is not ISO Schematron, and SchXslt (as the ISO skeleton phive-rules compiled
// them with) would drop them without a word, so they are put in a pattern of their own before
// compiling (wrapOrphanRules).
package einvoicetest

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"linguaport/internal/proc"
)

const (
	// SaxonJar is Saxon-HE as Debian's libsaxonhe-java installs it (an XSLT 3.0 processor,
	// which runs the XSLT 2.0 of SchXslt and of the compiled rules).
	SaxonJar = "/usr/share/java/Saxon-HE.jar"

	schemasDir    = "svc-billing/einvoice/schemas"
	invoiceXSD    = schemasDir + "/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"
	schematronDir = schemasDir + "/gib-ubl-tr-1.2.1/schematron"
	mainSch       = "UBL-TR_Main_Schematron.xml"
	compilerXSL   = schemasDir + "/schxslt/xslt/2.0/pipeline-for-svrl.xsl"

	// docName is what the document is called in its temporary directory, and so in xmllint's
	// messages.
	docName = "invoice.xml"
)

// GİB's main schematron includes these two by relative path.
var schematronIncludes = []string{"UBL-TR_Codelist.xml", "UBL-TR_Common_Schematron.xml"}

// javaArgs keep a JVM's start-up short for one short run: the client compiler only (the
// server compiler would not pay off within a second) and the serial collector.
var javaArgs = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", SaxonJar, "net.sf.saxon.Transform"}

// Problem is one reason a document is not valid.
type Problem struct {
	Check    string // "xsd" (OASIS UBL 2.1 schema) or "schematron" (GİB's rules)
	Location string // xsd: "line N"; schematron: the XPath of the node the rule fired on
	Text     string // the message, GİB's own (Turkish) text for the Schematron
	Test     string // schematron: the failed assert's test
}

func (p Problem) String() string {
	s := p.Check
	if p.Location != "" {
		s += " at " + p.Location
	}
	s += ": " + p.Text
	if p.Test != "" {
		s += " [assert " + p.Test + "]"
	}
	return s
}

// Problems is the error Validate returns for a document that is not valid.
type Problems []Problem

func (ps Problems) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "not a valid UBL-TR invoice (%d problems):", len(ps))
	for _, p := range ps {
		b.WriteString("\n  - ")
		b.WriteString(p.String())
	}
	return b.String()
}

// Validate checks doc against the OASIS UBL 2.1 Invoice schema and GİB's Schematron, the latter
// as e-Arşiv (the Schematron's parameter type='earchive': ProfileID must be EARSIVFATURA) when
// earchive is set, else as e-Fatura. It returns nil for a valid document, Problems (use
// errors.As) for an invalid one, and any other error when the checking itself failed (a
// missing package, for one). A document that is not well-formed XML gets only the xsd problem.
//
// The rules are compiled once per process (one Saxon run, about a second); each call then runs
// xmllint (milliseconds) and one Saxon run (the JVM, compiling the rules' XSLT, validating:
// most of a second). Safe for concurrent use.
func Validate(doc []byte, earchive bool) error {
	rules, err := compiledRules()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "einvoicetest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, docName), doc, 0o644); err != nil {
		return err
	}

	problems, wellFormed, err := checkXSD(dir)
	if err != nil {
		return err
	}
	if wellFormed {
		more, err := checkSchematron(dir, rules, earchive)
		if err != nil {
			return err
		}
		problems = append(problems, more...)
	}
	if len(problems) > 0 {
		return problems
	}
	return nil
}

var xmllintLine = regexp.MustCompile(`^` + regexp.QuoteMeta(docName) + `:(\d+): (.*)$`)

// checkXSD runs xmllint on dir/invoice.xml; wellFormed is false when it is not even XML.
func checkXSD(dir string) (problems Problems, wellFormed bool, err error) {
	root, err := proc.RepoRoot()
	if err != nil {
		return nil, false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xmllint", "--noout", "--nonet", "--schema", filepath.Join(root, invoiceXSD), docName)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil, true, nil
	case !errors.As(err, &exit):
		return nil, false, fmt.Errorf("xmllint: %w", err)
	}
	// xmllint's exit status: 1 the document is not well-formed, 3 and 4 it is not valid; any
	// other (5: the schema did not compile, ...) is a failure of the check.
	code := exit.ExitCode()
	if code != 1 && code != 3 && code != 4 {
		return nil, false, fmt.Errorf("xmllint exited with %d: %s", code, strings.TrimSpace(stderr.String()))
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if m := xmllintLine.FindStringSubmatch(line); m != nil {
			problems = append(problems, Problem{Check: "xsd", Location: "line " + m[1], Text: m[2]})
		}
	}
	if len(problems) == 0 {
		problems = Problems{{Check: "xsd", Text: strings.TrimSpace(stderr.String())}}
	}
	return problems, code != 1, nil
}

// checkSchematron runs the compiled rules on dir/invoice.xml and reads the SVRL report.
func checkSchematron(dir string, rules []byte, earchive bool) (Problems, error) {
	xsl := filepath.Join(dir, "rules.xsl")
	if err := os.WriteFile(xsl, rules, 0o644); err != nil {
		return nil, err
	}
	args := []string{"-s:" + filepath.Join(dir, docName), "-xsl:" + xsl}
	if earchive {
		args = append(args, "type=earchive")
	}
	svrl, err := saxon(args...)
	if err != nil {
		return nil, fmt.Errorf("running GİB's schematron: %w", err)
	}
	return parseSVRL(svrl)
}

var compiledRules = sync.OnceValues(compile)

// compile compiles GİB's main schematron (with its two includes) into an XSLT 2.0 stylesheet
// that writes an SVRL report, with SchXslt's one-step pipeline (include, expand the abstract
// rules, compile) in one Saxon run.
//
// GİB's file is compiled from a temporary copy with two additions (the vendored file stays as
// GİB publishes it):
//   - queryBinding="xslt2": GİB declares none, so the default would be XSLT 1.0, which SchXslt's
//     XSLT 2.0 compiler refuses ("The query language 'xslt' is not supported") and which
//     would not do anyway: the rules use XPath 2.0 (matches(), xs:date()).
//   - <sch:ns prefix="xs" uri="http://www.w3.org/2001/XMLSchema"/>: TimeCheck calls xs:date()
//     but GİB never binds xs. SchXslt's output happens to bind it (leaked from its own
//     stylesheet's namespaces), which we do not rely on. (TimeCheck is only used by a rule
//     outside any pattern, which is not run: see the package comment.)
func compile() ([]byte, error) {
	if _, err := exec.LookPath("xmllint"); err != nil {
		return nil, errors.New("xmllint not found: install the Debian package libxml2-utils (`make test-deps` does)")
	}
	if _, err := exec.LookPath("java"); err != nil {
		return nil, errors.New("java not found: install the Debian package default-jre-headless (`make test-deps` does)")
	}
	if _, err := os.Stat(SaxonJar); err != nil {
		return nil, fmt.Errorf("%s not found: install the Debian package libsaxonhe-java (`make test-deps` does)", SaxonJar)
	}
	root, err := proc.RepoRoot()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "einvoicetest-rules-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	src := filepath.Join(root, schematronDir)
	for _, name := range schematronIncludes {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return nil, err
		}
	}
	main, err := os.ReadFile(filepath.Join(src, mainSch))
	if err != nil {
		return nil, err
	}
	main, err = prepareMain(main)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, mainSch), main, 0o644); err != nil {
		return nil, err
	}

	out := filepath.Join(dir, "rules.xsl")
	if _, err := saxon("-s:"+filepath.Join(dir, mainSch), "-xsl:"+filepath.Join(root, compilerXSL), "-o:"+out); err != nil {
		return nil, fmt.Errorf("compiling GİB's schematron with SchXslt: %w", err)
	}
	return os.ReadFile(out)
}

// prepareMain makes the two additions compile describes.
func prepareMain(main []byte) ([]byte, error) {
	const root, ns = "<sch:schema ", "<sch:ns "
	s := string(main)
	i := strings.Index(s, root)
	if i < 0 {
		return nil, errors.New(mainSch + ": no <sch:schema element: has GİB changed the file?")
	}
	head := s[i:]
	head = head[:strings.Index(head, ">")]
	if !strings.Contains(head, "queryBinding=") {
		s = s[:i] + root + `queryBinding="xslt2" ` + s[i+len(root):]
	}
	if !regexp.MustCompile(`<sch:ns\s+prefix="xs"`).MatchString(s) {
		j := strings.Index(s, ns)
		if j < 0 {
			return nil, errors.New(mainSch + ": no <sch:ns element: has GİB changed the file?")
		}
		s = s[:j] + `<sch:ns prefix="xs" uri="http://www.w3.org/2001/XMLSchema"/>` + s[j:]
	}
	return []byte(wrapOrphanRules(s)), nil
}

// schematronTag finds the tags wrapOrphanRules follows.
var schematronTag = regexp.MustCompile(`<sch:pattern\b|</sch:pattern>|<sch:rule\b|</sch:schema>`)

// wrapOrphanRules puts the rules GİB writes straight into sch:schema (its "General Rules": the
// country, currency, unit, channel and MIME code lists anywhere in the document, and an issue
// date neither in the future nor before 2005) into a pattern of their own. ISO Schematron has
// rules only in patterns, and compilers drop the others without a word; wrapped, they are run.
func wrapOrphanRules(s string) string {
	var b strings.Builder
	depth, wrapping, last := 0, false, 0
	for _, m := range schematronTag.FindAllStringIndex(s, -1) {
		tag := s[m[0]:m[1]]
		b.WriteString(s[last:m[0]])
		last = m[0]
		switch {
		case tag == "<sch:rule" && depth == 0 && !wrapping:
			b.WriteString(`<sch:pattern id="general-rules">`)
			wrapping = true
		case (tag == "<sch:pattern" || tag == "</sch:schema>") && wrapping:
			b.WriteString("</sch:pattern>")
			wrapping = false
		}
		switch tag {
		case "<sch:pattern":
			depth++
		case "</sch:pattern>":
			depth--
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// saxon runs Saxon-HE's command line with args and returns what it wrote to stdout.
func saxon(args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "java", append(append([]string(nil), javaArgs...), args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("java %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

const svrlNS = "http://purl.oclc.org/dsdl/svrl"

// parseSVRL returns the failed asserts and successful reports of an SVRL report. GİB's rules
// are all sch:assert, without a role or flag: every failed one is an error. (They have no
// sch:report; one would be taken as an error too.)
func parseSVRL(svrl []byte) (Problems, error) {
	var problems Problems
	dec := xml.NewDecoder(bytes.NewReader(svrl))
	seenRoot := false
	for {
		tok, err := dec.Token()
		if err != nil {
			if errors.Is(err, io.EOF) && seenRoot {
				return problems, nil
			}
			return nil, fmt.Errorf("reading the SVRL report: %v", err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Space != svrlNS {
			continue
		}
		switch start.Name.Local {
		case "schematron-output":
			seenRoot = true
		case "failed-assert", "successful-report":
			var r struct {
				Location string `xml:"location,attr"`
				Test     string `xml:"test,attr"`
				Text     string `xml:"http://purl.oclc.org/dsdl/svrl text"`
			}
			if err := dec.DecodeElement(&r, &start); err != nil {
				return nil, fmt.Errorf("reading the SVRL report: %v", err)
			}
			problems = append(problems, Problem{
				Check:    "schematron",
				Location: shortLocation(r.Location),
				Text:     strings.Join(strings.Fields(r.Text), " "),
				Test:     r.Test,
			})
		}
	}
}

// prefixes shortens the Q{uri}local steps of SchXslt's locations.
var prefixes = strings.NewReplacer(
	"Q{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}", "inv:",
	"Q{urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2}", "cac:",
	"Q{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}", "cbc:",
	"Q{urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2}", "ext:",
	"Q{http://www.w3.org/2000/09/xmldsig#}", "ds:",
	"Q{http://uri.etsi.org/01903/v1.3.2#}", "xades:",
	"Q{}", "",
)

func shortLocation(loc string) string { return prefixes.Replace(loc) }
