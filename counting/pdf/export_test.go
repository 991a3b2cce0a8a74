package pdf

// Internals the tests (package pdf_test, which counts through the counting package) use.

// TextWithoutRecover is Text letting a bug's panic through, for the fuzz target.
var TextWithoutRecover = text

// PasswordPad and HashR6 build encrypted fixtures the way a writer would.
var (
	PasswordPad = passwordPad
	HashR6      = hashR6
)

var TextString = textString

const MaxPages = maxPages

// SetFirstWindow sets the first window objects are parsed from, until the returned function
// puts it back.
func SetFirstWindow(n int) (restore func()) {
	old := firstWindow
	firstWindow = n
	return func() { firstWindow = old }
}
