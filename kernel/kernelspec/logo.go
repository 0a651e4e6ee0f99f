package kernelspec

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// Logo colours: a green tile (the GPU) carrying a 3×3 grid of thread
// blocks, one of them in Go's blue.
var (
	tileColor  = color.NRGBA{R: 0x76, G: 0xb9, B: 0x00, A: 0xff}
	blockColor = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	goColor    = color.NRGBA{R: 0x00, G: 0xad, B: 0xd8, A: 0xff}
)

// logo draws the size×size PNG logo; it is generated, not shipped, so the
// repository holds no binary assets.
func logo(size int) ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	r := size / 6 // corner radius
	inTile := func(x, y int) bool {
		// Inside when within r of the nearest point of the inset square.
		cx := min(max(x, r), size-1-r)
		cy := min(max(y, r), size-1-r)
		dx, dy := x-cx, y-cy
		return dx*dx+dy*dy <= r*r
	}
	cell := size / 4                 // grid pitch
	gap := size / 16                 // space between blocks
	off := (size - 3*cell + gap) / 2 // margin that centres the grid
	for y := range size {
		for x := range size {
			if !inTile(x, y) {
				continue
			}
			img.SetNRGBA(x, y, tileColor)
			gx, gy := (x-off)/cell, (y-off)/cell
			if x < off || y < off || gx > 2 || gy > 2 || (x-off)%cell >= cell-gap || (y-off)%cell >= cell-gap {
				continue
			}
			if gx == 2 && gy == 0 {
				img.SetNRGBA(x, y, goColor)
			} else {
				img.SetNRGBA(x, y, blockColor)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("kernelspec: logo: %w", err)
	}
	return buf.Bytes(), nil
}
