package io.jacos.it;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientVersionProbe2IT {
    @Test
    void runsWithClient2() throws Exception {
        Class<?> versions = Class.forName("com.alibaba.nacos.common.utils.VersionUtils");
        assertEquals("2.5.1", versions.getField("version").get(null));
    }
}
