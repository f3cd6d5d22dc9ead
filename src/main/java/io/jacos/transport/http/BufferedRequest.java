package io.jacos.transport.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request whose body a filter has read (the auth filter to find a token, the forwarding filter to relay it), all
 * of it or its first part when larger than the filter reads: what comes after reads the same bytes again, then
 * whatever of the original stream was left.
 */
public final class BufferedRequest extends HttpServletRequestWrapper {

    private final InputStream replay;

    public BufferedRequest(HttpServletRequest request, byte[] read, InputStream rest) {
        super(request);
        this.replay = rest == null ? new ByteArrayInputStream(read)
                : new SequenceInputStream(new ByteArrayInputStream(read), rest);
    }

    @Override
    public ServletInputStream getInputStream() {
        return new ServletInputStream() {
            private boolean finished;

            @Override
            public int read() throws IOException {
                int next = replay.read();
                finished = next < 0;
                return next;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int count = replay.read(buffer, offset, length);
                finished = count < 0;
                return count;
            }

            @Override
            public boolean isFinished() {
                return finished;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body was read by a filter: blocking reads only");
            }
        };
    }

    @Override
    public BufferedReader getReader() {
        String encoding = getCharacterEncoding();
        Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
        return new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }
}
