package media

// MP4, M4A and MOV: ISO base media boxes. The movie header (mvhd) gives the duration; a
// fragmented file without one is the sum of its fragments' samples (mehd, trex, tfhd, trun).

import (
	"encoding/binary"
	"time"
)

type mp4Box struct {
	typ       string
	off, body int64 // where the box and its contents start
	end       int64
}

type mp4Track struct {
	id                 uint32
	timescale          uint32
	duration           uint64
	defaultDuration    uint32 // from trex
	fragmentedDuration uint64
}

type mp4Parser struct {
	r      *reader
	format string
	boxes  int
	tracks []*mp4Track
	byID   map[uint32]*mp4Track

	movieScale    uint32
	movieDuration uint64
	haveMvhd      bool
	mehd          uint64
}

// each calls fn for the boxes in [from, to).
func (p *mp4Parser) each(from, to int64, fn func(b mp4Box) error) error {
	for pos := from; pos < to; {
		if p.boxes++; p.boxes > mp4MaxBoxes {
			return malformed(p.format, "more than %d boxes", mp4MaxBoxes)
		}
		h := p.r.at(pos, 16)
		if to-pos < 8 || len(h) < 8 {
			if to-pos < 8 && to == p.r.size && pos+int64(len(h)) == to && allZero(h) {
				return nil // zero padding at the end of the file
			}
			return malformed(p.format, "truncated box header at %d", pos)
		}
		size := int64(binary.BigEndian.Uint32(h[0:4]))
		typ := string(h[4:8])
		hdr := int64(8)
		switch size {
		case 1:
			if len(h) < 16 {
				return malformed(p.format, "truncated box header at %d", pos)
			}
			u := binary.BigEndian.Uint64(h[8:16])
			if u > 1<<62 {
				return malformed(p.format, "box %q larger than the file", typ)
			}
			size, hdr = int64(u), 16
		case 0:
			size = to - pos
		}
		if size < hdr {
			return malformed(p.format, "box %q of %d bytes", typ, size)
		}
		if from == 0 && !isFourCC(h[4:8]) { // inside a box any type is walked over by its size
			return malformed(p.format, "not a box at %d", pos)
		}
		if size > to-pos {
			return malformed(p.format, "truncated: box %q declares %d bytes, %d are there", typ, size, to-pos)
		}
		if err := fn(mp4Box{typ: typ, off: pos, body: pos + hdr, end: pos + size}); err != nil {
			return err
		}
		pos += size
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// full reads the version of a full box and n bytes after its version and flags.
func (p *mp4Parser) full(b mp4Box, n int) (version byte, flags uint32, data []byte, err error) {
	d := p.r.at(b.body, 4+n)
	if b.end-b.body < int64(4+n) || len(d) < 4+n {
		return 0, 0, nil, malformed(p.format, "truncated %q box", b.typ)
	}
	return d[0], uint32(d[1])<<16 | uint32(d[2])<<8 | uint32(d[3]), d[4 : 4+n], nil
}

// timing reads timescale and duration from an mvhd or mdhd box (versions 0 and 1).
func (p *mp4Parser) timing(b mp4Box) (scale uint32, dur uint64, err error) {
	v, _, _, err := p.full(b, 0)
	if err != nil {
		return 0, 0, err
	}
	switch v {
	case 0:
		_, _, d, err := p.full(b, 16)
		if err != nil {
			return 0, 0, err
		}
		scale, dur = binary.BigEndian.Uint32(d[8:12]), uint64(binary.BigEndian.Uint32(d[12:16]))
		if dur == 0xffffffff {
			dur = 0 // unknown
		}
	case 1:
		_, _, d, err := p.full(b, 28)
		if err != nil {
			return 0, 0, err
		}
		scale, dur = binary.BigEndian.Uint32(d[16:20]), binary.BigEndian.Uint64(d[20:28])
		if dur == 1<<64-1 {
			dur = 0
		}
	default:
		return 0, 0, malformed(p.format, "%q box version %d", b.typ, v)
	}
	return scale, dur, nil
}

func mp4Duration(r *reader, format string) (time.Duration, error) {
	p := &mp4Parser{r: r, format: format, byID: map[uint32]*mp4Track{}}
	var moov *mp4Box
	var moofs []mp4Box
	err := p.each(0, r.size, func(b mp4Box) error {
		switch b.typ {
		case "moov":
			if moov == nil {
				moov = &b
			}
		case "moof":
			if len(moofs) < mp4MaxBoxes {
				moofs = append(moofs, b)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if moov == nil {
		return 0, malformed(format, "no moov box (the file is cut, or not a finished recording)")
	}
	if err := p.moov(*moov, 1); err != nil {
		return 0, err
	}
	if !p.haveMvhd {
		return 0, malformed(format, "no mvhd box")
	}
	if p.movieScale == 0 {
		return 0, malformed(format, "a time scale of zero")
	}
	if p.movieDuration > 0 {
		return scaledDuration(format, p.movieDuration, p.movieScale)
	}
	if p.mehd > 0 {
		return scaledDuration(format, p.mehd, p.movieScale)
	}
	// Fragmented: add up the samples of every fragment, per track.
	for _, m := range moofs {
		if err := p.moof(m); err != nil {
			return 0, err
		}
	}
	var best time.Duration
	for _, t := range p.tracks {
		for _, dur := range []uint64{t.duration, t.fragmentedDuration} {
			if dur > 0 && t.timescale > 0 {
				d, err := scaledDuration(format, dur, t.timescale)
				if err != nil {
					return 0, err
				}
				best = max(best, d)
			}
		}
	}
	return best, nil
}

func scaledDuration(format string, dur uint64, scale uint32) (time.Duration, error) {
	d, ok := durationOf(dur, uint64(scale))
	if !ok {
		return 0, malformed(format, "implausible duration %d/%d s", dur, scale)
	}
	return d, nil
}

func (p *mp4Parser) moov(b mp4Box, depth int) error {
	if depth > mp4MaxDepth {
		return malformed(p.format, "boxes nested too deep")
	}
	return p.each(b.body, b.end, func(c mp4Box) error {
		switch c.typ {
		case "mvhd":
			scale, dur, err := p.timing(c)
			if err != nil {
				return err
			}
			p.movieScale, p.movieDuration, p.haveMvhd = scale, dur, true
		case "mvex":
			return p.each(c.body, c.end, func(e mp4Box) error {
				switch e.typ {
				case "mehd":
					v, _, _, err := p.full(e, 0)
					if err != nil {
						return err
					}
					if v == 1 {
						_, _, d, err := p.full(e, 8)
						if err != nil {
							return err
						}
						p.mehd = binary.BigEndian.Uint64(d)
					} else {
						_, _, d, err := p.full(e, 4)
						if err != nil {
							return err
						}
						p.mehd = uint64(binary.BigEndian.Uint32(d))
					}
				case "trex":
					_, _, d, err := p.full(e, 12)
					if err != nil {
						return err
					}
					p.track(binary.BigEndian.Uint32(d[0:4])).defaultDuration = binary.BigEndian.Uint32(d[8:12])
				}
				return nil
			})
		case "trak":
			return p.trak(c, depth+1)
		}
		return nil
	})
}

func (p *mp4Parser) track(id uint32) *mp4Track {
	if t, ok := p.byID[id]; ok {
		return t
	}
	t := &mp4Track{id: id}
	if len(p.tracks) < 4096 {
		p.tracks = append(p.tracks, t)
		p.byID[id] = t
	}
	return t
}

func (p *mp4Parser) trak(b mp4Box, depth int) error {
	if depth > mp4MaxDepth {
		return malformed(p.format, "boxes nested too deep")
	}
	var id uint32
	var scale uint32
	var dur uint64
	err := p.each(b.body, b.end, func(c mp4Box) error {
		switch c.typ {
		case "tkhd":
			v, _, _, err := p.full(c, 0)
			if err != nil {
				return err
			}
			n := 12
			if v == 1 {
				n = 20
			}
			_, _, d, err := p.full(c, n)
			if err != nil {
				return err
			}
			id = binary.BigEndian.Uint32(d[n-4 : n])
		case "mdia":
			return p.each(c.body, c.end, func(m mp4Box) error {
				if m.typ == "mdhd" {
					var err error
					scale, dur, err = p.timing(m)
					return err
				}
				return nil
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	t := p.track(id)
	t.timescale, t.duration = scale, dur
	return nil
}

// moof adds the sample durations of one movie fragment to its tracks.
func (p *mp4Parser) moof(b mp4Box) error {
	return p.each(b.body, b.end, func(c mp4Box) error {
		if c.typ != "traf" {
			return nil
		}
		var t *mp4Track
		var def uint32
		return p.each(c.body, c.end, func(e mp4Box) error {
			switch e.typ {
			case "tfhd":
				_, flags, d, err := p.full(e, 4)
				if err != nil {
					return err
				}
				t = p.track(binary.BigEndian.Uint32(d))
				def = t.defaultDuration
				if flags&0x08 != 0 {
					off := 4
					if flags&0x01 != 0 {
						off += 8
					}
					if flags&0x02 != 0 {
						off += 4
					}
					_, _, d, err := p.full(e, off+4)
					if err != nil {
						return err
					}
					def = binary.BigEndian.Uint32(d[off:])
				}
			case "trun":
				if t == nil {
					return nil
				}
				_, flags, d, err := p.full(e, 4)
				if err != nil {
					return err
				}
				count := int64(binary.BigEndian.Uint32(d))
				if flags&0x100 == 0 {
					t.fragmentedDuration += uint64(count) * uint64(def)
					return nil
				}
				pos := e.body + 8
				if flags&0x01 != 0 {
					pos += 4
				}
				if flags&0x04 != 0 {
					pos += 4
				}
				per := int64(4)
				for _, bit := range []uint32{0x200, 0x400, 0x800} {
					if flags&bit != 0 {
						per += 4
					}
				}
				if count > (e.end-pos)/per {
					return malformed(p.format, "trun box with more samples than bytes")
				}
				for i := int64(0); i < count; i++ {
					s := p.r.at(pos+i*per, 4)
					if len(s) < 4 {
						return malformed(p.format, "truncated trun box")
					}
					t.fragmentedDuration += uint64(binary.BigEndian.Uint32(s))
				}
			}
			return nil
		})
	})
}
