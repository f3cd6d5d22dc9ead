package io.jacos.transport.grpc;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.jacos.transport.grpc.dto.BatchInstanceRequestBody;
import io.jacos.transport.grpc.dto.InstanceRequestBody;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A refused body is explained in the client's terms: never a Java type, package or Jackson's own words. */
class PayloadCodecTest {

    private final PayloadCodec codec = new PayloadCodec();

    @ParameterizedTest
    @ValueSource(strings = {"{\"serviceName\":{\"a\":1}}", "{\"instance\":{\"port\":\"port8\"}}",
            "{\"instance\":{\"metadata\":1.5}}", "{\"instance\":{\"healthy\":[1]}}", "{\"instance\":[]}",
            "{\"serviceName\":", "hello", "{\"a\":1,,}", "[1,2]", "{\"instance\":{\"port\":{}}}"})
    void aRefusedBodyNamesNoJavaType(String body) {
        String message = refusal(body, InstanceRequestBody.class);
        assertTrue(message.startsWith("Invalid request body for InstanceRequest: "), message);
        for (String leak : new String[]{"java.", "io.jacos", "`", "Exception", "JsonToken", "jackson"}) {
            assertFalse(message.contains(leak), leak + " in " + message);
        }
    }

    @org.junit.jupiter.api.Test
    void theWrongFieldIsNamedWithItsPath() {
        assertEquals("Invalid request body for InstanceRequest: field 'instance.port' has the wrong type or value.",
                refusal("{\"instance\":{\"port\":\"abc\"}}", InstanceRequestBody.class));
        assertEquals("Invalid request body for InstanceRequest: field 'instances[1].weight' has the wrong type or value.",
                refusal("{\"instances\":[{},{\"weight\":true}]}", BatchInstanceRequestBody.class));
    }

    private String refusal(String body, Class<?> type) {
        Payload payload = Payload.newBuilder().setMetadata(Metadata.newBuilder().setType("InstanceRequest"))
                .setBody(Any.newBuilder().setValue(ByteString.copyFromUtf8(body))).build();
        return assertThrows(PayloadCodec.UnreadableBody.class, () -> codec.decode(payload, type)).getMessage();
    }
}
