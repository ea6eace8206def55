using RpcCompare.Fuzz;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>
/// Replays tests/fuzz's seed corpus and every crash and hang the fuzzer saved through the same targets it fuzzes: each
/// input must end in a refusal the server handles (ProtocolException, XmlException, ...) or a served request.
/// </summary>
public sealed class FuzzCorpusTests
{
    // Only hangs the fuzzer saved run under this guard, so that a hang that is back fails the test instead of stalling CI.
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(5);

    private static readonly string Inputs = Path.Combine(AppContext.BaseDirectory, "FuzzInputs");

    public static TheoryData<string> FramingInputs => InputsOf("framing");

    public static TheoryData<string> EnvelopeInputs => InputsOf("envelope");

    [Theory]
    [MemberData(nameof(FramingInputs))]
    public void ConnectionBytesEndInRefusalOrService(string input) => Replay(input, bytes => FramingTarget.Run(bytes));

    [Theory]
    [MemberData(nameof(EnvelopeInputs))]
    public void EnvelopeEndsInRefusalOrDecodedRequest(string input) => Replay(input, bytes => EnvelopeTarget.Run(bytes));

    [Fact]
    public void PingSessionIsAckedAnsweredAndEnded()
    {
        var answer = FramingTarget.Run(File.ReadAllBytes(Path.Combine(Inputs, "corpus", "framing", "ping.bin")));

        Assert.Equal(0x0B, answer[0]); // Preamble Ack
        Assert.Equal(0x06, answer[1]); // Sized Envelope: the reply
        Assert.Equal(0x07, answer[^1]); // End
    }

    [Fact]
    public void EverySeedEnvelopeDecodes()
    {
        foreach (var file in Directory.GetFiles(Path.Combine(Inputs, "corpus", "envelope")))
        {
            Assert.True(EnvelopeTarget.Run(File.ReadAllBytes(file)), $"{Path.GetFileName(file)} was refused");
        }
    }

    [Fact]
    public void TruncatedEnvelopeIsRefused()
    {
        var ping = File.ReadAllBytes(Path.Combine(Inputs, "corpus", "envelope", "ping.bin"));

        Assert.False(EnvelopeTarget.Run(ping[..^5]));
    }

    // Found by the fuzzer (afl-tmin minimised): xmlns declarations whose prefix is not valid UTF-8, on the Envelope element.
    // XmlBinaryReader's duplicate-attribute check sorts them; the comparer's XmlException comes out of Array.Sort wrapped
    // in an InvalidOperationException, which ServerSession did not count as malformed input. EnvelopeReader now unwraps it.
    [Fact]
    public void InvalidUtf8PrefixInHeadersIsRefused()
    {
        var input = File.ReadAllBytes(Path.Combine(Inputs, "crashes", "envelope", "851536cfb7aa0c2d.min.bin"));

        Assert.False(EnvelopeTarget.Run(input));
    }

    // Found by the fuzzer (afl-tmin minimised): a complete Ping envelope, then a truncated one on the same session. The
    // reader reused through SetInput threw IndexOutOfRangeException from its end-of-file error path; BinarySessionCodec
    // now opens a new reader for every envelope.
    [Fact]
    public void TruncatedEnvelopeAfterACompleteOneIsRefused()
    {
        var input = File.ReadAllBytes(Path.Combine(Inputs, "crashes", "framing", "117ea690b81f7d23.min.bin"));

        var answer = FramingTarget.Run(input);

        Assert.Equal(0x0B, answer[0]); // Preamble Ack, then the first envelope's reply; the second closes the session
        Assert.Equal(0x06, answer[1]);
    }

    [Fact]
    public void InvalidUtf8PrefixInBodyIsRefused()
    {
        var input = File.ReadAllBytes(Path.Combine(Inputs, "crashes", "envelope", "invalid-utf8-xmlns-prefix-in-body.bin"));

        Assert.False(EnvelopeTarget.Run(input));
    }

    [Fact]
    public void OnlyDecoderRefusalsCountAsFine()
    {
        Assert.True(DecoderRefusals.IsRefusal(new System.Xml.XmlException("bad")));
        Assert.True(DecoderRefusals.IsRefusal(new RpcCompare.Protocols.NetTcp.ProtocolException("bad")));
        Assert.False(DecoderRefusals.IsRefusal(new InvalidOperationException("bad")));
        Assert.False(DecoderRefusals.IsRefusal(new ArgumentOutOfRangeException("bad")));
        Assert.False(DecoderRefusals.IsRefusal(new ArgumentException("bad")));
    }

    private static void Replay(string input, Action<byte[]> target)
    {
        var bytes = File.ReadAllBytes(Path.Combine(Inputs, input));
        if (!input.StartsWith("hangs", StringComparison.Ordinal))
        {
            target(bytes);
            return;
        }

        var run = Task.Run(() => target(bytes));
        Assert.True(run.Wait(HangGuard), $"{input} is still running after {HangGuard}: the hang is back");
    }

    // Names relative to FuzzInputs (corpus/framing/ping.bin, crashes/envelope/<sha1>.bin), so each shows in the test name.
    private static TheoryData<string> InputsOf(string target)
    {
        var data = new TheoryData<string>();
        foreach (var kind in new[] { "corpus", "crashes", "hangs" })
        {
            var directory = Path.Combine(Inputs, kind, target);
            if (Directory.Exists(directory))
            {
                foreach (var file in Directory.GetFiles(directory).Order(StringComparer.Ordinal))
                {
                    data.Add(Path.GetRelativePath(Inputs, file));
                }
            }
        }

        return data;
    }
}
