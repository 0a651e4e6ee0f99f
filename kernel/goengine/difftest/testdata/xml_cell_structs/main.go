package main

import (
	"encoding/xml"
	"fmt"
)

type plant struct {
	XMLName xml.Name `xml:"plant"`
	ID      int      `xml:"id,attr"`
	Name    string   `xml:"name"`
	Origin  []string `xml:"origin"`
	Note    string   `xml:",comment"`
}

type garden struct {
	XMLName xml.Name `xml:"garden"`
	Plants  []*plant `xml:"parent>plant"`
}

func main() {
	coffee := &plant{ID: 27, Name: "Coffee", Origin: []string{"Ethiopia", "Brazil"}, Note: "hot"}
	out, err := xml.MarshalIndent(coffee, " ", "  ")
	fmt.Println(string(out), err)
	var p plant
	err = xml.Unmarshal(out, &p)
	fmt.Println(err, p.ID, p.Name, p.Origin)
	g := garden{Plants: []*plant{coffee, {ID: 81, Name: "Tomato"}}}
	out, _ = xml.Marshal(g)
	fmt.Println(xml.Header + string(out))
}
