package io.jacos.it.config;

import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad configuration requests on the gRPC transport, sent as bytes a modified client could send: each is refused
 * in the request's own response type with the code the clients read, nothing is stored, and the connection
 * stays usable.
 */
@ExtendWith(SharedServer.class)
class ConfigBadInputIT {

    private static final int GRPC_PORT = SharedServer.HTTP_PORT + 1000;

    private RawNacosConnection conn;
    private String dataId;

    @BeforeEach
    void connect() {
        conn = RawNacosConnection.open(GRPC_PORT);
        dataId = "bad-" + UUID.randomUUID();
    }

    @AfterEach
    void close() {
        conn.completeStream();
    }

    private RawNacosConnection.Reply publish(String dataId, String group, String content) {
        return conn.request("ConfigPublishRequest", "{\"dataId\":" + quoted(dataId) + ",\"group\":" + quoted(group)
                + ",\"tenant\":\"\",\"content\":" + quoted(content) + ",\"additionMap\":{}}");
    }

    private RawNacosConnection.Reply query(String dataId) {
        return conn.request("ConfigQueryRequest", "{\"dataId\":" + quoted(dataId)
                + ",\"group\":\"DEFAULT_GROUP\",\"tenant\":\"\"}");
    }

    private static String quoted(String text) {
        return text == null ? "null" : RawNacosConnection.JSON.getNodeFactory().textNode(text).toString();
    }

    @Test
    void illegalNamesAndMissingFieldsAreRefusedWith400AndNothingIsStored() {
        for (String[] bad : new String[][]{{"a/b", "DEFAULT_GROUP"}, {"a b", "DEFAULT_GROUP"}, {"x".repeat(257),
                "DEFAULT_GROUP"}, {null, "DEFAULT_GROUP"}, {"", "DEFAULT_GROUP"}, {"ok", "g;1"}, {"ok", null}}) {
            RawNacosConnection.Reply reply = publish(bad[0], bad[1], "v=1");
            assertEquals("ConfigPublishResponse", reply.type());
            assertEquals(500, reply.resultCode());
            assertEquals(400, reply.errorCode(), "dataId " + bad[0] + ", group " + bad[1] + ": " + reply.message());
        }
        RawNacosConnection.Reply blank = publish(dataId, "DEFAULT_GROUP", "  ");
        assertEquals(400, blank.errorCode());
        assertEquals(300, query(dataId).errorCode(), "nothing was stored");
        assertEquals(300, query("ok").errorCode());
    }

    @Test
    void aGrayPublishOrRemovalIsRefusedAndTheFormalConfigurationStays() {
        assertEquals(200, publish(dataId, "DEFAULT_GROUP", "v=1").resultCode());
        String ref = "{\"dataId\":" + quoted(dataId) + ",\"group\":\"DEFAULT_GROUP\",\"tenant\":\"\"";
        for (String gray : new String[]{"\"tag\":\"canary\"", "\"betaIps\":\"127.0.0.1\""}) {
            RawNacosConnection.Reply reply = conn.request("ConfigPublishRequest", ref
                    + ",\"content\":\"v=2\",\"additionMap\":{" + gray + "}}");
            assertEquals(400, reply.errorCode(), gray + ": " + reply.message());
            assertTrue(reply.message().contains("Gray releases"), reply.message());
        }
        RawNacosConnection.Reply remove = conn.request("ConfigRemoveRequest", ref + ",\"tag\":\"canary\"}");
        assertEquals("ConfigRemoveResponse", remove.type());
        assertEquals(400, remove.errorCode(), remove.message());
        RawNacosConnection.Reply formal = query(dataId);
        assertEquals(200, formal.resultCode(), "the formal configuration is still there");
        assertEquals("v=1", formal.body().path("content").asText());
        String blankGray = ",\"content\":\"v=3\",\"additionMap\":{\"tag\":\"\",\"betaIps\":\" \"}}";
        assertEquals(200, conn.request("ConfigPublishRequest", ref + blankGray).resultCode(),
                "blank gray fields are a formal release");
    }

    @Test
    void aMissingConfigurationIsTheClientsNotFoundAndTheConnectionGoesOn() {
        RawNacosConnection.Reply missing = query(dataId);
        assertEquals("ConfigQueryResponse", missing.type());
        assertEquals(500, missing.resultCode());
        assertEquals(300, missing.errorCode());
        assertEquals(200, publish(dataId, "DEFAULT_GROUP", "v=1").resultCode());
        RawNacosConnection.Reply found = query(dataId);
        assertEquals(200, found.resultCode());
        assertEquals("v=1", found.body().path("content").asText());
        assertEquals("text", found.body().path("contentType").asText());
    }

    @Test
    void aMalformedListenIsRefusedWholeAndAWellFormedOneAnswersByMd5() {
        RawNacosConnection.Reply malformed = conn.request("ConfigBatchListenRequest",
                "{\"listen\":true,\"configListenContexts\":[{\"dataId\":\"ok\",\"group\":\"DEFAULT_GROUP\","
                        + "\"tenant\":\"\",\"md5\":\"\"},{\"dataId\":\"a/b\",\"group\":\"DEFAULT_GROUP\"}]}");
        assertEquals("ConfigChangeBatchListenResponse", malformed.type());
        assertEquals(400, malformed.errorCode());
        RawNacosConnection.Reply notAList = conn.request("ConfigBatchListenRequest",
                "{\"listen\":true,\"configListenContexts\":\"x\"}");
        assertTrue(notAList.resultCode() != 200, notAList.message());

        publish(dataId, "DEFAULT_GROUP", "v=1");
        RawNacosConnection.Reply listened = conn.request("ConfigBatchListenRequest",
                "{\"listen\":true,\"configListenContexts\":[{\"dataId\":" + quoted(dataId) + ",\"group\":"
                        + "\"DEFAULT_GROUP\",\"tenant\":\"\",\"md5\":\"\"}]}");
        assertEquals(200, listened.resultCode());
        assertEquals(dataId, listened.body().path("changedConfigs").path(0).path("dataId").asText());
        assertEquals("", listened.body().path("changedConfigs").path(0).path("tenant").asText(),
                "named as the client named it");
    }
}
