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
    void aGrayPublishIsServedBesideTheFormalOneAndBadGrayRulesAreRefused() {
        assertEquals(200, publish(dataId, "DEFAULT_GROUP", "v=1").resultCode());
        String ref = "{\"dataId\":" + quoted(dataId) + ",\"group\":\"DEFAULT_GROUP\",\"tenant\":\"\"";
        RawNacosConnection.Reply beta = conn.request("ConfigPublishRequest", ref + ",\"content\":\"v=beta\","
                + "\"additionMap\":{\"betaIps\":\"127.0.0.1\",\"tag\":\"ignored\"}}");
        assertEquals(200, beta.resultCode(), beta.message());
        RawNacosConnection.Reply served = query(dataId);
        assertEquals("v=beta", served.body().path("content").asText(), "the beta is this connection's version");
        assertTrue(served.body().path("beta").asBoolean(), served.body().toString());
        for (String bad : new String[]{"\"tag\":\"" + "t".repeat(17) + "\"", "\"tag\":\"a b\"",
                "\"betaIps\":\"" + "1,".repeat(5_000) + "\""}) {
            RawNacosConnection.Reply reply = conn.request("ConfigPublishRequest", ref
                    + ",\"content\":\"v=bad\",\"additionMap\":{" + bad + "}}");
            assertEquals(400, reply.errorCode(), bad + ": " + reply.message());
        }
        RawNacosConnection.Reply removeTag = conn.request("ConfigRemoveRequest", ref + ",\"tag\":\"canary\"}");
        assertEquals(200, removeTag.resultCode(), "stopping a tag gray that is not there succeeds");
        assertEquals("v=beta", query(dataId).body().path("content").asText(), "and leaves everything as it was");
        RawNacosConnection.Reply tagged = conn.request("ConfigQueryRequest", ref + ",\"tag\":\"canary\"}");
        assertEquals("v=beta", tagged.body().path("content").asText(), "a beta is matched before any tag, as in Nacos");
        assertTrue(tagged.body().path("beta").asBoolean());
        String formalOnly = dataId + "-formal";
        assertEquals(200, publish(formalOnly, "DEFAULT_GROUP", "v=1").resultCode());
        RawNacosConnection.Reply noGray = conn.request("ConfigQueryRequest", "{\"dataId\":" + quoted(formalOnly)
                + ",\"group\":\"DEFAULT_GROUP\",\"tenant\":\"\",\"tag\":\"canary\"}");
        assertEquals(300, noGray.errorCode(), "a tag no gray version has finds nothing, as Nacos answers it");
        String blankGray = ",\"content\":\"v=3\",\"additionMap\":{\"tag\":\"\",\"betaIps\":\" \"}}";
        assertEquals(200, conn.request("ConfigPublishRequest", ref + blankGray).resultCode(),
                "blank gray fields are a formal release");
        assertEquals("v=beta", query(dataId).body().path("content").asText(), "the beta still applies here");
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
