package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
)

type gradient struct{ w, h int }

func (g gradient) ColorModel() color.Model { return color.RGBAModel }
func (g gradient) Bounds() image.Rectangle { return image.Rect(0, 0, g.w, g.h) }
func (g gradient) At(x, y int) color.Color {
	return color.RGBA{uint8(x * 255 / g.w), uint8(y * 255 / g.h), 128, 255}
}

func main() {
	var img image.Image = gradient{4, 2}
	fmt.Println(img.Bounds(), img.At(2, 1))
	dst := image.NewRGBA(image.Rect(0, 0, 4, 2))
	draw.Draw(dst, dst.Bounds(), img, image.Point{}, draw.Src)
	fmt.Println(dst.RGBAAt(3, 1), dst.Pix[:8])
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%x\n", sha256.Sum256(buf.Bytes()))
	r, g, b, a := img.At(1, 0).RGBA()
	fmt.Println(r, g, b, a)
	gray := color.GrayModel.Convert(img.At(3, 1)).(color.Gray)
	fmt.Println(gray.Y)
}
