using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Stacks;

public sealed class WireTextTests
{
    [Theory]
    [InlineData("net.tcp://h:1/x\r\nforged", @"net.tcp://h:1/x\u000D\u000Aforged")]
    [InlineData("\u001b[31mred\u007f\u0085", @"\u001B[31mred\u007F\u0085")]
    [InlineData("abc\u202Eevil\u2028", @"abc\u202Eevil\u2028")]
    [InlineData("\0", @"\u0000")]
    public void ControlCharactersBecomeUnicodeEscapes(string wire, string logged) =>
        Assert.Equal(logged, WireText.Escape(wire));

    [Theory]
    [InlineData("net.tcp://127.0.0.1:808/graph")]
    [InlineData("naïve ünïcode → 名前")]
    public void PrintableTextIsUnchanged(string text) => Assert.Same(text, WireText.Escape(text));

    [Fact]
    public void EscapingTwiceChangesNothingMore()
    {
        var once = WireText.Escape("a\r\nb\u001b");
        Assert.Equal(once, WireText.Escape(once));
    }

    [Fact]
    public void NullBecomesEmpty() => Assert.Equal("", WireText.Escape(null));

    [Fact]
    public void LongTextIsCutAndSaysSo()
    {
        var printable = WireText.Printable(new string('x', 100_000));

        Assert.StartsWith(new string('x', WireText.MaxLength), printable, StringComparison.Ordinal);
        Assert.EndsWith("(cut at 1000 characters)", printable, StringComparison.Ordinal);
    }
}
