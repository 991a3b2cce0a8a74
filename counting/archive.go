package counting

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ratioFloor: entries that inflate to at most this many bytes are not held to
// MaxCompressionRatio (small, very repetitive XML parts compress far beyond it and cannot be
// bombs); the size limits still apply to them.
const ratioFloor = 1 << 20

// archive is a zip (docx, xlsx, pptx, odt, ods, odp) opened with the bomb limits. Entries are
// read straight from the Source, one at a time, never copied whole.
type archive struct {
	zr     *zip.Reader
	byName map[string]*zip.File // exact names, first occurrence
	byLow  map[string]*zip.File // lower-cased names (OPC part names are case-insensitive)
	budget int64                // uncompressed bytes that may still be read
}

var centralHeaderSig = []byte("PK\x01\x02")

// countCentralHeaders counts the central directory signatures in src, stopping past limit:
// zip.NewReader reads every header it finds, so this bounds what it would allocate.
func countCentralHeaders(src Source, limit int) (int, error) {
	const chunk = 1 << 16
	buf := make([]byte, chunk+3)
	n, carry := 0, 0
	for off := int64(0); off < src.Size(); {
		m, err := src.ReadAt(buf[carry:], off)
		if m == 0 {
			if err == nil || errors.Is(err, io.EOF) {
				break
			}
			return 0, err
		}
		off += int64(m)
		data := buf[:carry+m]
		n += bytes.Count(data, centralHeaderSig)
		if n > limit {
			return n, nil
		}
		carry = min(3, len(data))
		copy(buf, data[len(data)-carry:])
		// a signature wholly inside the carried bytes was already counted; 3 bytes cannot hold one
	}
	return n, nil
}

func openArchive(src Source) (*archive, error) {
	size := src.Size()
	if size > int64(MaxArchiveEntries)*46 {
		n, err := countCentralHeaders(src, MaxArchiveEntries)
		if err != nil {
			return nil, malformed("reading the archive: %v", err)
		}
		if n > MaxArchiveEntries {
			return nil, fmt.Errorf("%w: more than %d entries", ErrZipBomb, MaxArchiveEntries)
		}
	}
	zr, err := zip.NewReader(src, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, malformed("not a readable zip archive: %v", err)
	}
	if len(zr.File) > MaxArchiveEntries {
		return nil, fmt.Errorf("%w: more than %d entries", ErrZipBomb, MaxArchiveEntries)
	}
	a := &archive{
		zr:     zr,
		byName: make(map[string]*zip.File, len(zr.File)),
		byLow:  make(map[string]*zip.File, len(zr.File)),
		budget: MaxUncompressedBytes,
	}
	var total uint64
	for _, f := range zr.File {
		if err := checkEntryHeader(f); err != nil {
			return nil, err
		}
		total += f.UncompressedSize64
		if total > MaxUncompressedBytes {
			return nil, fmt.Errorf("%w: entries expand to more than %d bytes", ErrZipBomb, MaxUncompressedBytes)
		}
		name := strings.TrimPrefix(f.Name, "/")
		if _, ok := a.byName[name]; !ok {
			a.byName[name] = f
		}
		low := strings.ToLower(name)
		if _, ok := a.byLow[low]; !ok {
			a.byLow[low] = f
		}
	}
	return a, nil
}

// checkEntryHeader applies the per-entry limits to what the central directory declares.
func checkEntryHeader(f *zip.File) error {
	if f.UncompressedSize64 > MaxEntryBytes {
		return fmt.Errorf("%w: entry %q expands to %d bytes", ErrZipBomb, f.Name, f.UncompressedSize64)
	}
	if f.UncompressedSize64 > ratioFloor && f.UncompressedSize64 > f.CompressedSize64*MaxCompressionRatio {
		return fmt.Errorf("%w: entry %q compressed %d to 1", ErrZipBomb, f.Name, f.UncompressedSize64/max(f.CompressedSize64, 1))
	}
	return nil
}

// file finds an entry by name (a leading slash and letter case do not matter).
func (a *archive) file(name string) *zip.File {
	name = strings.TrimPrefix(name, "/")
	if f, ok := a.byName[name]; ok {
		return f
	}
	return a.byLow[strings.ToLower(name)]
}

// open reads an entry through the limits: whatever the header said, reading stops with
// ErrZipBomb past MaxEntryBytes, past MaxCompressionRatio times the compressed size (above
// ratioFloor) and past what remains of MaxUncompressedBytes for the whole archive.
func (a *archive) open(f *zip.File) (*entryReader, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, malformed("opening %q: %v", f.Name, err)
	}
	limit := int64(MaxEntryBytes)
	if byRatio := int64(min(f.CompressedSize64, MaxEntryBytes)) * MaxCompressionRatio; byRatio < limit {
		limit = max(byRatio, ratioFloor)
	}
	limit = min(limit, a.budget)
	return &entryReader{a: a, rc: rc, r: io.LimitReader(rc, limit+1), limit: limit, name: f.Name}, nil
}

// entryReader is one entry being inflated; err keeps the first limit or format error so the
// parser above (which may wrap or replace errors) can report the real cause.
type entryReader struct {
	a     *archive
	rc    io.ReadCloser
	r     io.Reader
	n     int64
	limit int64
	name  string
	err   error
}

func (e *entryReader) Read(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.r.Read(p)
	e.n += int64(n)
	e.a.budget -= int64(n)
	if e.n > e.limit {
		e.err = fmt.Errorf("%w: entry %q inflates past %d bytes", ErrZipBomb, e.name, e.limit)
		return 0, e.err
	}
	if err != nil && err != io.EOF {
		e.err = malformed("reading %q: %v", e.name, err)
		return n, e.err
	}
	return n, err
}

func (e *entryReader) Close() error { return e.rc.Close() }

// cause is the error to report when parsing an entry failed with err.
func (e *entryReader) cause(err error) error {
	if e.err != nil {
		return e.err
	}
	return err
}

// readSmall reads a short entry (a mimetype) whole, at most n bytes.
func (a *archive) readSmall(f *zip.File, n int64) ([]byte, error) {
	er, err := a.open(f)
	if err != nil {
		return nil, err
	}
	defer er.Close()
	b, err := io.ReadAll(io.LimitReader(er, n))
	if err != nil {
		return nil, er.cause(err)
	}
	return b, nil
}

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
}
