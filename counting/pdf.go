package counting

import (
	"linguaport/counting/pdf"
)

// pdfLimits are the archive limits, applied to the streams of a PDF: a compressed stream is
// the PDF's zip entry.
var pdfLimits = pdf.Limits{
	StreamBytes:  MaxEntryBytes,
	DecodedBytes: MaxUncompressedBytes,
	ContentBytes: MaxUncompressedBytes,
	Ratio:        MaxCompressionRatio,
}

// countPDF counts the text layer of a PDF. A document whose text cannot be read is returned
// with ManualCount set and no counts: one without text, one where more than half the glyphs
// cannot be mapped to characters (fonts without a usable encoding), or one where at least half
// the pages are scans.
func countPDF(src Source) (Counts, error) {
	r, err := pdf.Text(src, src.Size(), pdfLimits, CountText)
	if err != nil {
		return Counts{}, err
	}
	if r.Characters == 0 || (r.Glyphs > 0 && r.UnmappedGlyphs*2 > r.Glyphs) || r.ScannedPages*2 >= r.Pages {
		return Counts{Format: PDF, ManualCount: true}, nil
	}
	return Counts{
		Format:     PDF,
		Words:      r.Words,
		Characters: r.Characters,
		Pages:      pages(r.Characters),
		Preview:    shortPreview(r.Head),
		FirstPage:  firstPage(r.Head),
	}, nil
}
