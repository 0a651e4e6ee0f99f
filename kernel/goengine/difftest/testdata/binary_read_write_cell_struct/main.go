// encoding/binary Write and Read of a fixed-size cell struct, and Size.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

type Header struct {
	Magic   [4]byte
	Version uint16
	Count   uint32
	Scale   float32
	Flags   [2]uint8
}

func main() {
	h := Header{Magic: [4]byte{'C', 'U', 'L', 'B'}, Version: 3, Count: 70000, Scale: 0.5, Flags: [2]uint8{1, 255}}
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, h); err != nil {
		fmt.Println("write:", err)
	}
	fmt.Println(buf.Len(), binary.Size(h))
	fmt.Printf("% x\n", buf.Bytes())
	var back Header
	if err := binary.Read(bytes.NewReader(buf.Bytes()), binary.LittleEndian, &back); err != nil {
		fmt.Println("read:", err)
	}
	fmt.Println(back == h, string(back.Magic[:]), back.Version, back.Count, back.Scale, back.Flags)
	vals := []uint16{1, 256, 65535}
	buf.Reset()
	binary.Write(&buf, binary.BigEndian, vals)
	fmt.Printf("% x\n", buf.Bytes())
	out := make([]uint16, 3)
	binary.Read(&buf, binary.BigEndian, out)
	fmt.Println(out)
}
