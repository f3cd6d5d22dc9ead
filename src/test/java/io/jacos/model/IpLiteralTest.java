package io.jacos.model;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("IP literals, read without a lookup")
class IpLiteralTest {

    private static String read(String text) {
        return IpLiteral.parse(text).map(InetAddress::getHostAddress).orElse("none");
    }

    @Test
    void dottedQuadsAndIpv6FormsAreLiterals() {
        assertEquals("10.0.0.7", read("10.0.0.7"));
        assertEquals("127.0.0.1", read("127.000.000.001"));
        assertEquals("0:0:0:0:0:0:0:1", read("::1"));
        assertEquals("0:0:0:0:0:0:0:1", read("[::1]"));
        assertEquals("fe80:0:0:0:0:0:0:2", read("fe80::2"));
    }

    @Test
    void hostNamesAndNumberLikeNamesAreNot() {
        for (String name : new String[] {"localhost", "nacos.example.com", "999.1.1.1", "1.2.3", "1.2.3.4.5",
                "0x7f.0.0.1", "1.2.3.-4", " 1.2.3.4", "", "[localhost]", "1::2::3", "[::1"}) {
            assertEquals("none", read(name), name);
        }
        assertTrue(IpLiteral.parse(null).isEmpty());
        assertEquals(Optional.empty(), IpLiteral.parse("example.com."));
    }
}
