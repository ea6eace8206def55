using System.IO.Pipelines;
using System.Xml;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>Writing a reply reports the time its flushes waited for the transport, and only that.</summary>
public sealed class EnvelopeWriteWaitTests
{
    [Fact]
    public async Task AReplyTheTransportTakesAtOnceWaitsZero()
    {
        using var codec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        var size = Encode(codec, 200_000);

        // A pipe that never pauses: every flush completes at once.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));

        var blocked = await codec.WriteEnvelopeAsync(pipe.Writer, size, CancellationToken.None);

        Assert.Equal(0, blocked);
    }

    [Fact]
    public async Task AReplyHeldBackByTheTransportReportsItsWait()
    {
        using var codec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        var size = Encode(codec, 200_000);
        // A full socket: the pipe takes 16 KiB, then the writer waits for a reader that starts later.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 16 * 1024, resumeWriterThreshold: 8 * 1024));
        var reader = Task.Run(async () =>
        {
            await Task.Delay(TimeSpan.FromMilliseconds(50));
            while (true)
            {
                var read = await pipe.Reader.ReadAsync();
                pipe.Reader.AdvanceTo(read.Buffer.End);
                if (read.IsCompleted)
                {
                    return;
                }
            }
        });

        var blocked = await codec.WriteEnvelopeAsync(pipe.Writer, size, CancellationToken.None);
        await pipe.Writer.CompleteAsync();
        await reader;

        Assert.True(blocked > 0, $"blocked {blocked} ticks");
    }

    private static int Encode(BinarySessionCodec codec, int characters)
    {
        var writer = codec.StartMessage();
        writer.WriteStartElement("reply");
        writer.WriteString(new string('x', characters));
        writer.WriteEndElement();
        return codec.CompleteMessage();
    }
}
