package los

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

// TestTerrainAsVASL checks vaslTerrain against VASL's
// SharedBoardMetadata.xml in ../shared/vasl (skipped without it): every
// terrainType, every LOS attribute.
func TestTerrainAsVASL(t *testing.T) {
	t.Parallel()
	path := testshared.Path(t, "vasl/SharedBoardMetadata.xml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	elem := regexp.MustCompile(`<terrainType [^>]*>`)
	attr := regexp.MustCompile(`(\w+)="([^"]*)"`)
	cats := map[string]category{"OPEN": catOpen, "BUILDING": catBuilding, "OTHER": catOther, "FACTORY": catFactory,
		"HEXSIDE": catHexside, "DEPRESSION": catDepression, "WATER": catWater, "WOODS": catWoods, "BRIDGE": catBridge,
		"ENTRENCHMENT": catEntrenchment, "ROAD": catRoad, "MARKETPLACE": catMarketplace}
	want := map[uint8]terrainRow{}
	for _, e := range elem.FindAllString(string(data), -1) {
		a := map[string]string{}
		for _, m := range attr.FindAllStringSubmatch(e, -1) {
			a[m[1]] = m[2]
		}
		code, _ := strconv.Atoi(a["typeCode"])
		h, _ := strconv.Atoi(a["height"])
		split, _ := strconv.ParseFloat(a["split"], 64)
		var fl uint8
		for k, f := range map[string]uint8{"isLOSObstacle": obstacle, "isLOSHindrance": hindrance, "isHalfLevelHeight": half,
			"isInherentTerrain": inherent, "isLowerLOSObstacle": lowerObstacle, "isLowerLOSHindrance": lowerHindrance} {
			if a[k] == "TRUE" {
				fl |= f
			}
		}
		c, ok := cats[a["LOSCategory"]]
		if !ok {
			t.Errorf("code %d: unknown LOSCategory %q", code, a["LOSCategory"])
		}
		want[uint8(code)] = terrainRow{uint8(code), a["name"], c, int8(h), int8(split * 2), fl}
	}
	if len(want) < 150 {
		t.Fatalf("read %d terrain types from %s", len(want), path)
	}
	got := map[uint8]terrainRow{}
	for _, r := range vaslTerrain {
		got[r.code] = r
	}
	for code, w := range want {
		if got[code] != w {
			t.Errorf("code %d: have %+v, VASL %+v", code, got[code], w)
		}
	}
	for code := range got {
		if _, ok := want[code]; !ok {
			t.Errorf("code %d: not in VASL's file", code)
		}
	}
	if _, ok := want[codeOffMap]; ok {
		t.Errorf("VASL uses code %d, which marks pixels with no board", codeOffMap)
	}
}
