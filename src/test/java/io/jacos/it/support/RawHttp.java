package io.jacos.it.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request written byte for byte as given (request target, headers, body), on a connection of its own,
 * for requests an HTTP client library would tidy up first: paths with {@code ;}, {@code //}, dot segments or odd
 * escapes, bodies in any charset, conflicting headers. The answer is read to the end (plain, with a length, or
 * chunked).
 */
public final class RawHttp {

    public record Answer(int status, String head, String body) {
        @Override
        public String toString() {
            return status + " " + (body.length() > 300 ? body.substring(0, 300) + "..." : body);
        }
    }

    private RawHttp() {
    }

    public static Answer send(int port, String method, String target, Map<String, String> headers, byte[] body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(15000);
            StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            try {
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (IOException e) {
                // A server refusing a large body answers and closes before reading it: its answer is still there.
            }
            return read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + target, e);
        }
    }

    private static Answer read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IOException("no complete answer: " + text);
        }
        String head = text.substring(0, end);
        int status = Integer.parseInt(head.split(" ", 3)[1]);
        byte[] rest = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        boolean chunked = head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked");
        byte[] body = chunked ? dechunk(rest) : rest;
        return new Answer(status, head, new String(body, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < data.length) {
            int lineEnd = indexOf(data, at);
            if (lineEnd < 0) {
                break;
            }
            String sizeText = new String(data, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int size = Integer.parseInt(sizeText, 16);
            if (size == 0) {
                break;
            }
            out.write(data, lineEnd + 2, Math.min(size, data.length - lineEnd - 2));
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, int from) {
        for (int i = from; i + 1 < data.length; i++) {
            if (data[i] == '\r' && data[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
