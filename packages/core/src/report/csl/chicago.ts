/**
 * Chicago Manual of Style (17th edition) author-date as a CSL 1.0 style, written for Yumi Studio:
 * (Author Year) in-text citations and a reference list. Licensed CC BY-SA 3.0 like the official CSL
 * repository's styles.
 */
export const CHICAGO_CSL = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="display-and-sort">
  <info>
    <title>Chicago Manual of Style 17th edition, author-date (Yumi Studio)</title>
    <id>http://yumi.studio/csl/chicago-author-date</id>
    <category citation-format="author-date"/>
    <updated>2026-11-21T00:00:00+00:00</updated>
    <rights license="http://creativecommons.org/licenses/by-sa/3.0/">This work is licensed under a Creative Commons Attribution-ShareAlike 3.0 License</rights>
  </info>
  <macro name="author">
    <names variable="author">
      <name name-as-sort-order="first" and="text" delimiter=", " delimiter-precedes-last="always" sort-separator=", "/>
      <substitute><names variable="editor"/><text variable="title"/></substitute>
    </names>
  </macro>
  <macro name="author-short">
    <names variable="author">
      <name form="short" and="text" delimiter=", " et-al-min="4" et-al-use-first="1"/>
      <substitute><names variable="editor"/><text variable="title" form="short"/></substitute>
    </names>
  </macro>
  <macro name="year">
    <choose>
      <if variable="issued"><date variable="issued"><date-part name="year"/></date></if>
      <else><text term="no date" form="short"/></else>
    </choose>
  </macro>
  <macro name="title">
    <choose>
      <if type="book report thesis" match="any"><text variable="title" font-style="italic" text-case="title"/></if>
      <else><text variable="title" quotes="true" text-case="title"/></else>
    </choose>
  </macro>
  <citation disambiguate-add-year-suffix="true" disambiguate-add-givenname="true">
    <layout prefix="(" suffix=")" delimiter="; ">
      <group delimiter=", ">
        <group delimiter=" "><text macro="author-short"/><text macro="year"/></group>
        <text variable="locator"/>
      </group>
    </layout>
  </citation>
  <bibliography hanging-indent="true" entry-spacing="0">
    <sort><key macro="author"/><key macro="year"/></sort>
    <layout suffix=".">
      <group delimiter=". ">
        <text macro="author"/>
        <text macro="year"/>
        <text macro="title"/>
        <group delimiter=" ">
          <text variable="container-title" font-style="italic"/>
          <group delimiter=""><text variable="volume"/><text variable="issue" prefix=" (" suffix=")"/></group>
        </group>
      </group>
      <text variable="page" prefix=": "/>
      <text variable="publisher" prefix=". "/>
      <choose>
        <if variable="DOI"><text variable="DOI" prefix=". https://doi.org/"/></if>
      </choose>
    </layout>
  </bibliography>
</style>`;
