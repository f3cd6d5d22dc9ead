package io.jacos.it.client3;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientVersionProbeIT {
    @Test
    void runsWithClient3() throws Exception {
        Class<?> versions = Class.forName("com.alibaba.nacos.common.utils.VersionUtils");
        assertEquals("3.1.1", versions.getField("version").get(null));
    }
}
