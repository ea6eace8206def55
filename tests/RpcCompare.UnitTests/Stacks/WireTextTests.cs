using RpcCompare.Definitions;

namespace RpcCompare.UnitTests.Stacks;

public sealed class WireTextTests
{
    [Fact]
    public void ControlCharactersBecomeEscapes() =>
        Assert.Equal("fault\\u001b[31m red\\u000aforged line", WireText.Printable("fault\u001b[31m red\nforged line"));

    [Fact]
    public void PrintableTextIsKeptAsItIs()
    {
        const string text = "Node 42 does not exist.";

        Assert.Same(text, WireText.Printable(text));
    }

    [Fact]
    public void LongTextIsCutAndSaysSo()
    {
        var printable = WireText.Printable(new string('x', 100_000));

        Assert.StartsWith(new string('x', WireText.MaxLength), printable, StringComparison.Ordinal);
        Assert.EndsWith("(cut at 1000 characters)", printable, StringComparison.Ordinal);
    }
}
