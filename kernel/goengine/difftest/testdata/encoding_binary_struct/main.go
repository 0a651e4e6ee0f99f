package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

type header struct {
	Magic   uint32
	Version uint16
	Flags   uint16
	Size    int64
	Ratio   float32
	Tag     [4]byte
}

func main() {
	b := make([]byte, 8)
	binary.BigEndian.PutUint32(b, 0x01020304)
	binary.LittleEndian.PutUint32(b[4:], 0x01020304)
	fmt.Println(b)
	fmt.Println(binary.BigEndian.Uint16(b[1:]), binary.LittleEndian.Uint64(b))

	h := header{Magic: 0xcafebabe, Version: 3, Flags: 0x8001, Size: -42, Ratio: 1.5, Tag: [4]byte{'c', 'u', 'd', 'a'}}
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, h); err != nil {
		fmt.Println("write:", err)
		return
	}
	fmt.Println(buf.Len(), binary.Size(h))
	fmt.Printf("% x\n", buf.Bytes())
	var back header
	if err := binary.Read(bytes.NewReader(buf.Bytes()), binary.LittleEndian, &back); err != nil {
		fmt.Println("read:", err)
		return
	}
	fmt.Printf("%+v %v\n", back, back == h)

	v := binary.AppendUvarint(nil, 300)
	v = binary.AppendVarint(v, -300)
	fmt.Println(v)
	u, n := binary.Uvarint(v)
	s, m := binary.Varint(v[n:])
	fmt.Println(u, n, s, m)
}
