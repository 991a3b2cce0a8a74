package media

// WAV: the fmt and data chunks of RIFF, RF64 and BW64 files (ds64 for sizes past 4 GiB, fact
// for compressed formats).

import (
	"encoding/binary"
	"time"
)

func wavDuration(r *reader) (time.Duration, error) {
	h := r.at(0, 12)
	if len(h) < 12 || string(h[8:12]) != "WAVE" {
		return 0, malformed(formatWAV, "not a RIFF/WAVE file")
	}
	riff := string(h[:4])
	if riff != "RIFF" && riff != "RF64" && riff != "BW64" {
		return 0, malformed(formatWAV, "not a RIFF/WAVE file")
	}
	var (
		haveFmt               bool
		format, blockAlign    uint16
		sampleRate, byteRate  uint32
		dataOff, dataSize     int64 = -1, -1
		ds64Data, factSamples int64 = -1, -1
	)
	pos := int64(12)
	for n := 0; n < wavMaxChunks && pos+8 <= r.size; n++ {
		c := r.at(pos, 8)
		if len(c) < 8 {
			break
		}
		id := string(c[:4])
		size := int64(binary.LittleEndian.Uint32(c[4:8]))
		body := pos + 8
		switch id {
		case "fmt ":
			b := r.at(body, int(min(size, 40)))
			if len(b) < 16 {
				return 0, malformed(formatWAV, "truncated fmt chunk")
			}
			haveFmt = true
			format = binary.LittleEndian.Uint16(b[0:])
			sampleRate = binary.LittleEndian.Uint32(b[4:])
			byteRate = binary.LittleEndian.Uint32(b[8:])
			blockAlign = binary.LittleEndian.Uint16(b[12:])
		case "ds64":
			if b := r.at(body, 24); len(b) >= 24 {
				ds64Data = int64(binary.LittleEndian.Uint64(b[8:16]) & (1<<62 - 1))
			}
		case "fact":
			if b := r.at(body, 4); len(b) >= 4 {
				factSamples = int64(binary.LittleEndian.Uint32(b))
			}
		case "data":
			dataOff, dataSize = body, size
			switch {
			case size == 0xffffffff && ds64Data >= 0:
				dataSize = ds64Data
			case size == 0xffffffff || size == 0:
				dataSize = r.size - body // a recorder that never wrote the size: to the end
			}
		}
		if id == "data" && body+dataSize >= r.size {
			break // nothing after the data
		}
		next := body + size + size&1
		if size&1 == 1 && !isFourCC(r.at(next, 4)) && isFourCC(r.at(next-1, 4)) {
			next-- // a writer that left out the pad byte
		}
		pos = next
	}
	if !haveFmt {
		return 0, malformed(formatWAV, "no fmt chunk")
	}
	if dataOff < 0 {
		return 0, malformed(formatWAV, "no data chunk")
	}
	if avail := r.size - dataOff; dataSize > avail {
		// Allow a writer's rounding, not a cut file.
		if byteRate == 0 || dataSize-avail > int64(byteRate) {
			return 0, malformed(formatWAV, "truncated: the data chunk declares %d bytes, %d are there", dataSize, avail)
		}
		dataSize = avail
	}
	pcm := format == 1 || format == 3 || format == 0xfffe
	if !pcm && factSamples > 0 && sampleRate > 0 {
		d, _ := durationOf(uint64(factSamples), uint64(sampleRate))
		return d, nil
	}
	rate := uint64(byteRate)
	if rate == 0 || (pcm && blockAlign > 0 && sampleRate > 0 && rate != uint64(sampleRate)*uint64(blockAlign)) {
		rate = uint64(sampleRate) * uint64(blockAlign) // the block alignment is what players use
	}
	d, ok := durationOf(uint64(dataSize), rate)
	if !ok {
		return 0, malformed(formatWAV, "no byte rate in the fmt chunk")
	}
	return d, nil
}
